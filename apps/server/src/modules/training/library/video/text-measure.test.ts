import { describe, expect, it } from 'vitest';
import { ellipsize, textWidth, wrapText } from './text-measure.ts';

describe('measuring slide text', () => {
  it('measures with Arial’s widths, accents as their letter', () => {
    expect(textWidth('iiii', 10)).toBeCloseTo(8.88);
    expect(textWidth('WWWW', 10, true)).toBeCloseTo(37.76);
    expect(textWidth('é', 20)).toBe(textWidth('e', 20));
  });

  it('wraps at spaces into lines no wider than the width', () => {
    const text = 'Scammers like texts and calls because they feel personal and urgent, and links are hard to check';
    const lines = wrapText(text, 300, 24);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(textWidth(line, 24)).toBeLessThanOrEqual(300);
  });

  it('cuts a word wider than the line', () => {
    const lines = wrapText('see https://parcelpoint-redelivery-customs-fees.example/pay/now?id=1234', 200, 20);
    for (const line of lines) expect(textWidth(line, 20)).toBeLessThanOrEqual(200);
    expect(lines.join('')).toBe('seehttps://parcelpoint-redelivery-customs-fees.example/pay/now?id=1234');
  });

  it('shortens with an ellipsis only what does not fit', () => {
    expect(ellipsize('Short', 200, 20)).toBe('Short');
    const cut = ellipsize('Personal data and GDPR: what every colleague needs to know', 200, 20);
    expect(cut).toMatch(/…$/);
    expect(textWidth(cut, 20)).toBeLessThanOrEqual(200);
  });
});
