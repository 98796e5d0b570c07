import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppProviders } from '../app/app';
import { readLanguageCookie } from '../lib/language-cookie';
import { GeneralLanguagePicker, LearningLanguagePicker } from './language-picker';

const setCookie = (value: string) => {
  document.cookie = `language=${value}; Path=/`;
};

const openPicker = (name: RegExp | string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('menu');
};

const names = (menu: HTMLElement) => within(menu).queryAllByRole('menuitemradio').map((item) => item.textContent);

describe('GeneralLanguagePicker', { timeout: 30_000 }, () => {
  afterEach(() => {
    document.cookie = 'language=; Max-Age=0; Path=/';
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the current language (English without a cookie) and opens the 14 languages with their flags', () => {
    render(<GeneralLanguagePicker />, { wrapper: AppProviders });

    const menu = openPicker('Language: English');

    expect(menu).toHaveAccessibleName('Languages');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items).toHaveLength(14);
    expect(items.every((item) => item.querySelector('[data-flag]'))).toBe(true);
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'false');
    expect(within(menu).getByText('עברית')).toHaveAttribute('lang', 'he');
    // The search field has focus, so typing filters straight away.
    expect(screen.getByRole('searchbox', { name: 'Search languages' })).toHaveFocus();
  });

  it('is 300px wide, at most 360px high, in two columns (§9)', () => {
    render(<GeneralLanguagePicker />, { wrapper: AppProviders });

    const menu = openPicker('Language: English');

    expect(screen.getByTestId('language-picker-popup').parentElement).toHaveStyle({ width: '300px', maxHeight: '360px' });
    expect(menu).toHaveStyle({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gridAutoFlow: 'column' });
  });

  it('shows the language the cookie names', () => {
    setCookie('pt_br');
    render(<GeneralLanguagePicker />, { wrapper: AppProviders });

    const menu = openPicker('Language: Português (Brasil)');

    expect(within(menu).getByRole('menuitemradio', { name: 'Português (Brasil)' })).toHaveAttribute('aria-checked', 'true');
  });

  it('filters by label, ignoring case, and says when nothing matches', () => {
    render(<GeneralLanguagePicker />, { wrapper: AppProviders });
    const menu = openPicker('Language: English');
    const search = screen.getByRole('searchbox', { name: 'Search languages' });

    fireEvent.change(search, { target: { value: 'PORTU' } });
    expect(names(menu)).toEqual(['Português (Brasil)', 'Português (Portugal)']);

    fireEvent.change(search, { target: { value: 'klingon' } });
    expect(names(menu)).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('No language matches “klingon”.');
  });

  it('stores the chosen language in the cookie', () => {
    // jsdom cannot reload a page, and says so on the console; the end-to-end test sees the reload.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<GeneralLanguagePicker />, { wrapper: AppProviders });
    const menu = openPicker('Language: English');

    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Deutsch' }));

    expect(readLanguageCookie(document.cookie)).toBe('de_de');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('takes the first match on Enter in the search field', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<GeneralLanguagePicker />, { wrapper: AppProviders });
    openPicker('Language: English');
    const search = screen.getByRole('searchbox', { name: 'Search languages' });

    fireEvent.change(search, { target: { value: 'magy' } });
    fireEvent.keyDown(search, { key: 'Enter' });

    expect(readLanguageCookie(document.cookie)).toBe('hu_hu');
  });

  it('moves with the arrow keys: down into the list at the current language, across the columns, up back to the search', () => {
    render(<GeneralLanguagePicker />, { wrapper: AppProviders });
    const menu = openPicker('Language: English');
    const search = screen.getByRole('searchbox', { name: 'Search languages' });
    const item = (name: string) => within(menu).getByRole('menuitemradio', { name });

    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(item('English')).toHaveFocus();
    fireEvent.keyDown(item('English'), { key: 'ArrowDown' });
    expect(item('Français')).toHaveFocus();
    // Seven rows, column by column: Français ends the first column, हिन्दी the second.
    fireEvent.keyDown(item('Français'), { key: 'ArrowRight' });
    expect(item('हिन्दी')).toHaveFocus();
    fireEvent.keyDown(item('हिन्दी'), { key: 'ArrowLeft' });
    expect(item('Français')).toHaveFocus();
    fireEvent.keyDown(item('Français'), { key: 'Home' });
    expect(item('Español')).toHaveFocus();
    fireEvent.keyDown(item('Español'), { key: 'ArrowUp' });
    expect(search).toHaveFocus();
  });

  it('jumps to a language as its name is typed, and starts over after 500 ms without a key (§9)', () => {
    render(<GeneralLanguagePicker />, { wrapper: AppProviders });
    const menu = openPicker('Language: English');
    const item = (name: string) => within(menu).getByRole('menuitemradio', { name });
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'ArrowDown' });
    vi.useFakeTimers();
    const type = (key: string) => fireEvent.keyDown(document.activeElement!, { key });

    type('d');
    expect(item('Deutsch')).toHaveFocus();
    act(() => vi.advanceTimersByTime(500));
    // p → Polski, po → still Polski, por → Português (Portugal): the keys add up.
    type('p');
    expect(item('Polski')).toHaveFocus();
    type('o');
    type('r');
    expect(item('Português (Portugal)')).toHaveFocus();
    act(() => vi.advanceTimersByTime(499));
    type('t');
    expect(item('Português (Portugal)')).toHaveFocus();
    // After 500 ms "e" starts afresh (as "porte" it would match nothing).
    act(() => vi.advanceTimersByTime(500));
    type('e');
    expect(item('Español')).toHaveFocus();
    act(() => vi.advanceTimersByTime(500));
    type('c');
    expect(item('Čeština')).toHaveFocus();
  });
});

describe('LearningLanguagePicker', { timeout: 30_000 }, () => {
  afterEach(() => {
    document.cookie = 'language=; Max-Age=0; Path=/';
    vi.restoreAllMocks();
  });

  it('offers the 7 training languages and shows the cookie’s', () => {
    setCookie('de_de');
    render(<LearningLanguagePicker />, { wrapper: AppProviders });

    const menu = openPicker('Training language: Deutsch');

    expect(menu).toHaveAccessibleName('Training languages');
    expect(names(menu)).toEqual(['Français', 'English', 'Deutsch', 'Español', 'Português (Brasil)', 'हिन्दी', 'Italiano']);
  });

  it('shows English when the interface language is not a training language', () => {
    setCookie('nl_nl');
    render(<LearningLanguagePicker />, { wrapper: AppProviders });

    expect(screen.getByRole('button', { name: 'Training language: English' })).toBeVisible();
  });

  it('writes its code to the same cookie', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LearningLanguagePicker />, { wrapper: AppProviders });
    const menu = openPicker('Training language: English');

    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Italiano' }));

    expect(readLanguageCookie(document.cookie)).toBe('it_it');
  });
});
