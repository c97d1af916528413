/**
 * The language every campaign text must have (German); the other languages
 * are optional. A module of its own, without the validation rules, so that
 * the screens that only show a campaign's texts do not load those rules.
 */
export const DEFAULT_CONTENT_LOCALE = 'de';
