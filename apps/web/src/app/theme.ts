/**
 * The Mantine theme of the back-office. Its colours reach WCAG 2.1 AA
 * contrast (4.5:1) wherever Mantine puts them: text on filled buttons and
 * badges, coloured text and links on white and on striped rows (gray 0),
 * light variants' text on their tint, dimmed text and error messages.
 * `theme.test.ts` checks each of these pairs.
 */
import {
  colorsTuple,
  createTheme,
  DEFAULT_THEME,
  type BadgeFactory,
  type CardFactory,
  type CSSVariablesResolver,
  type DefaultMantineColor,
  type ExtendComponent,
  type FactoryPayload,
  type InputFactory,
  type LoaderFactory,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type MenuFactory,
  type NavLinkFactory,
  type TitleFactory,
} from '@mantine/core';
import classes from './theme.module.css';

/**
 * What `Component.extend()` does, without importing the component: the theme
 * is part of the first load, and importing `Menu` only to call its `extend`
 * would bring the menu, its popover and floating-ui along (about 25 KB gzip)
 * to pages that show no menu.
 */
function extend<Payload extends FactoryPayload>(
  settings: ExtendComponent<Payload>,
): MantineThemeComponent {
  return settings;
}

/** Mantine's palette of `color` with its darkest shades replaced. */
function withDarkShades(
  color: DefaultMantineColor,
  shades: Partial<Record<8 | 9, string>>,
): MantineColorsTuple {
  const palette = DEFAULT_THEME.colors[color];
  if (!palette) throw new Error(`Mantine has no colour ${color}`);
  return colorsTuple(palette.map((value, index) => shades[index as 8 | 9] ?? value));
}

/**
 * Shade 8 is the filled, outline and text colour (the primary shade below),
 * shade 9 the text of light variants (alerts, light badges). Mantine's own
 * red, green, teal and orange fall short of 4.5:1 there; these are the same
 * hues darkened until they reach it. Yellow keeps its bright shade 8 as a
 * fill (with black text, see autoContrast) and gets a darker shade 9 for text.
 */
const colors = {
  red: withDarkShades('red', { 8: '#d52f2f', 9: '#c52929' }),
  green: withDarkShades('green', { 8: '#268037', 9: '#267b37' }),
  teal: withDarkShades('teal', { 8: '#08805c', 9: '#087a57' }),
  orange: withDarkShades('orange', { 8: '#c14a0a', 9: '#bb3e0d' }),
  yellow: withDarkShades('yellow', { 9: '#a85700' }),
};

export const theme = createTheme({
  primaryColor: 'blue',
  // Blue 8 carries white text at 5:1 (Mantine's default shade 6 only 3.6:1).
  primaryShade: { light: 8, dark: 8 },
  colors,
  // Filled components pick black or white text, whichever contrasts more:
  // 0.179 is the luminance at which both reach the same ratio (4.58:1).
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'sm',
  // People who ask their system for less motion get no transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    sizes: {
      // 34 px from about 515 px wide; smaller on a phone, where 'Benachrichtigungen'
      // at 34 px is wider than the screen.
      h1: { fontSize: 'clamp(1.625rem, 1rem + 3.5vw, 2.125rem)' },
    },
  },
  components: {
    // A heading breaks a word longer than its line (a merchant's name, say)
    // instead of pushing the page sideways.
    Title: extend<TitleFactory>({ styles: { root: { overflowWrap: 'anywhere' } } }),
    // A badge says a word or two (a level, a status, a phase): it keeps its
    // whole text and makes its table column or row wide enough, never "FREIGA…".
    Badge: extend<BadgeFactory>({ styles: { root: { flexShrink: 0, minWidth: 'max-content' } } }),
    // An active link's description (the wizard's step list) keeps full opacity:
    // Mantine's 0.9 takes blue 9 on blue 1 from 4.9:1 below 4.5:1.
    NavLink: extend<NavLinkFactory>({ styles: { description: { opacity: 1 } } }),
    // A card rendered as a button (the campaign types) shows Mantine's focus ring.
    Card: extend<CardFactory>({ classNames: { root: 'mantine-focus-auto' } }),
    // Every input (text, select, date, …) gets a focus ring (theme.module.css).
    Input: extend<InputFactory>({ classNames: { input: classes.input } }),
    // A spinner is a status: its aria-label ("Wird geladen …") is then allowed
    // (on a plain span axe reports aria-prohibited-attr) and read out.
    Loader: extend<LoaderFactory>({ defaultProps: { role: 'status' } }),
    // No focus placeholder (role="presentation") inside role="menu", whose
    // children must be menu items; the dropdown itself takes the focus.
    Menu: extend<MenuFactory>({ defaultProps: { withInitialFocusPlaceholder: false } }),
  },
});

/**
 * Dimmed text and error messages in colours that reach 4.5:1 on white and on
 * light greys (Mantine's gray 6 and red 6 reach 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
