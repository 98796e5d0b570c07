import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BR, CN, CZ, DE, ES, FR, HU, IL, IN, IT, NL, PL, PT, US } from 'country-flag-icons/react/3x2';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ExpandMoreIcon } from './icons';

import { chooseLanguage, readChosenLanguage } from '../lib/language-cookie';
import {
  cookieValueOfGeneralCode,
  cookieValueOfLearningCode,
  filterLanguageOptions,
  generalLanguageOptions,
  labelStartsWith,
  learningCodeOf,
  learningLanguageOptions,
  type FlagCode,
  type LanguageOption,
} from '../lib/languages';
import { createTypeAhead, findTypeAheadMatch } from '../lib/type-ahead';

const flags = { BR, CN, CZ, DE, ES, FR, HU, IL, IN, IT, NL, PL, PT, US } satisfies Record<FlagCode, unknown>;

// §9: the drop-down's size and layout.
const menuWidth = 300;
const menuMaxHeight = 360;
const columns = 2;

/** A flag is decoration: the language's name is always next to it (or in the button's label). */
export const LanguageFlag = ({ code }: { code: FlagCode }) => (
  <Box
    component={flags[code]}
    aria-hidden
    data-flag={code}
    sx={{ width: 24, height: 16, flexShrink: 0, borderRadius: '2px', boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.12)' }}
  />
);

type LanguagePickerProps<Value extends string> = {
  options: readonly LanguageOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** The button's accessible name, given the current language's label. */
  buttonLabel: (language: string) => string;
  /** The menu's accessible name. */
  menuLabel: string;
  /** Below `md`, show only the flag, leaving the top bar's room to the organisation's name. */
  compact?: boolean;
  testId: string;
};

/**
 * A button showing the current language that opens a 300px drop-down (§9): a search field that
 * filters by label (§5), then the languages in two columns, each with its flag. In the list, the
 * arrow keys move (up and down within the reading order, left and right across the columns), and
 * typing jumps to a language by its name; what was typed is forgotten after 500 ms (§9).
 */
export const LanguagePicker = <Value extends string>({
  options,
  value,
  onChange,
  buttonLabel,
  menuLabel,
  compact = false,
  testId,
}: LanguagePickerProps<Value>) => {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [query, setQuery] = useState('');
  const [focusIndex, setFocusIndex] = useState(0);
  const [typeAhead] = useState(createTypeAhead);
  const searchRef = useRef<HTMLInputElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  const current = options.find((option) => option.value === value) ?? options[0];
  const shown = useMemo(() => filterLanguageOptions(options, query), [options, query]);
  // Column by column, so the reading order (and arrow up / down) runs down the first column first.
  const rows = Math.max(1, Math.ceil(shown.length / columns));
  const tabbable = Math.min(focusIndex, shown.length - 1);

  const close = () => {
    setAnchor(null);
    setQuery('');
    typeAhead.reset();
  };

  const choose = (chosen: Value) => {
    close();
    if (chosen !== value) onChange(chosen);
  };

  const focusItem = (index: number) => {
    if (shown.length === 0) return;
    const next = (index + shown.length) % shown.length;
    setFocusIndex(next);
    itemRefs.current[next]?.focus();
  };

  const enterList = () => {
    const selected = shown.findIndex((option) => option.value === value);
    focusItem(selected >= 0 ? selected : 0);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      enterList();
    } else if (event.key === 'Enter' && shown.length > 0) {
      // The first match, so "deu" + Enter is enough.
      event.preventDefault();
      choose(shown[0]!.value);
    }
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const across = (rtl ? -1 : 1) * rows;
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(tabbable + 1),
      // Up from the first language goes back to the search field.
      ArrowUp: () => (tabbable === 0 ? searchRef.current?.focus() : focusItem(tabbable - 1)),
      ArrowRight: () => focusItem(Math.min(Math.max(tabbable + across, 0), shown.length - 1)),
      ArrowLeft: () => focusItem(Math.min(Math.max(tabbable - across, 0), shown.length - 1)),
      Home: () => focusItem(0),
      End: () => focusItem(shown.length - 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      event.stopPropagation();
      move();
      return;
    }
    const printable = event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!printable) return;
    event.preventDefault();
    event.stopPropagation();
    const typed = typeAhead.type(event.key);
    const match = findTypeAheadMatch(
      shown.map((option) => option.label),
      typed,
      tabbable,
      labelStartsWith,
    );
    if (match >= 0) focusItem(match);
  };

  if (!current) return null;
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-label={buttonLabel(current.label)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          setFocusIndex(Math.max(0, options.findIndex((option) => option.value === value)));
          setAnchor(event.currentTarget);
        }}
        data-testid={testId}
        // A gap rather than MUI's start and end icons, whose margins are not mirrored right to left.
        sx={{ flexShrink: 0, minWidth: 0, gap: 1 }}
      >
        <LanguageFlag code={current.flag} />
        <Box component="span" lang={current.lang} sx={{ display: compact ? { xs: 'none', md: 'inline' } : 'inline' }}>
          {current.label}
        </Box>
        <ExpandMoreIcon fontSize="small" />
      </Button>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { width: menuWidth, maxWidth: 'calc(100vw - 32px)', maxHeight: menuMaxHeight, display: 'flex', flexDirection: 'column' },
          },
        }}
      >
        <Box data-testid={`${testId}-popup`} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
          <Box sx={{ p: 1.5, pb: 1 }}>
            <TextField
              inputRef={searchRef}
              autoFocus
              fullWidth
              size="small"
              type="search"
              label={t('languagePicker.search')}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setFocusIndex(0);
              }}
              slotProps={{ htmlInput: { onKeyDown: onSearchKeyDown, 'aria-controls': menuId, autoComplete: 'off' } }}
            />
          </Box>
          <MenuList
            id={menuId}
            aria-label={menuLabel}
            // Before MenuList's own keys: ours know the two columns and the 500 ms type-ahead (§9).
            onKeyDownCapture={onListKeyDown}
            sx={{
              m: 0,
              minHeight: 0,
              px: 0.5,
              pb: 0.5,
              overflowY: 'auto',
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gridTemplateRows: `repeat(${rows}, auto)`,
              gridAutoFlow: 'column',
            }}
          >
            {shown.map((option, index) => (
              <MenuItem
                key={option.value}
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                role="menuitemradio"
                aria-checked={option.value === value}
                selected={option.value === value}
                tabIndex={index === tabbable ? 0 : -1}
                onFocus={() => setFocusIndex(index)}
                onClick={() => choose(option.value)}
                data-testid={`${testId}-option-${option.value}`}
                // MenuItem gives its icons 36px; the flag needs only its own width, the label the rest.
                sx={{ borderRadius: 1, px: 1, minHeight: 40, gap: 1, whiteSpace: 'normal', '& .MuiListItemIcon-root': { minWidth: 0 } }}
              >
                <ListItemIcon>
                  <LanguageFlag code={option.flag} />
                </ListItemIcon>
                {/* Wrapping, not cut short: "Português (Brasil)" and "(Portugal)" must both be told apart. */}
                <ListItemText primary={option.label} slotProps={{ primary: { lang: option.lang, variant: 'body2' } }} sx={{ my: 0.5 }} />
              </MenuItem>
            ))}
          </MenuList>
          {/* Always present, so screen readers announce it when a search finds nothing. */}
          <Typography role="status" variant="body2" sx={{ px: 2, pb: shown.length === 0 ? 2 : 0, color: 'text.secondary' }}>
            {shown.length === 0 ? t('languagePicker.noMatch', { query: query.trim() }) : ''}
          </Typography>
        </Box>
      </Popover>
    </>
  );
};

/** The top bar's picker: the 14 languages of the interface (§3); choosing one reloads the page in it (§4). */
export const GeneralLanguagePicker = () => {
  const { t } = useTranslation();
  const [chosen] = useState(() => readChosenLanguage());
  return (
    <LanguagePicker
      options={generalLanguageOptions}
      value={chosen.code}
      onChange={(code) => chooseLanguage(cookieValueOfGeneralCode(code))}
      buttonLabel={(language) => t('languagePicker.general.button', { language })}
      menuLabel={t('languagePicker.general.menu')}
      compact
      testId="language-picker"
    />
  );
};

/**
 * The learning page's picker (§2): the 7 training languages. It writes the same `language` cookie
 * as the top bar's, so the interface follows the training language (see lib/languages.ts).
 */
export const LearningLanguagePicker = () => {
  const { t } = useTranslation();
  const [chosen] = useState(() => learningCodeOf(readChosenLanguage()));
  return (
    <LanguagePicker
      options={learningLanguageOptions}
      value={chosen}
      onChange={(code) => chooseLanguage(cookieValueOfLearningCode(code))}
      buttonLabel={(language) => t('languagePicker.learning.button', { language })}
      menuLabel={t('languagePicker.learning.menu')}
      testId="learning-language-picker"
    />
  );
};
