// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { learningLanguageFromCookies } from './learning-language';

describe('learningLanguageFromCookies', () => {
  it('asks for the chosen language when lessons come in it', () => {
    expect(learningLanguageFromCookies('theme=dark; language=de_de')).toBe('de_de');
    expect(learningLanguageFromCookies('language=pt-BR')).toBe('pt_br');
  });

  it('leaves the choice to the server without a cookie, or for a language lessons do not come in', () => {
    expect(learningLanguageFromCookies('')).toBeUndefined();
    expect(learningLanguageFromCookies('language=nl_nl')).toBeUndefined();
  });
});
