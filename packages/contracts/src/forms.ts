import { object, string, type ObjectSchema, type StringSchema } from 'yup';
import { defineMessages } from './i18n.js';

/**
 * The two public forms (SPEC.md §3, §5, §9): the newsletter subscription and the contact
 * message. One yup schema per form, used by the forms remote (formik) and by the server
 * (`POST /api/newsletter`, `POST /api/contact`), so the rules cannot drift.
 *
 * The schemas' messages are keys of {@link FORM_MESSAGES}: the browser shows them in the
 * visitor's language (and re-labels them when the language changes), the server answers them
 * in English in `fields`.
 */

/** The contact form's category values, in the order the select lists them (SPEC.md §3). */
export const CONTACT_CATEGORIES = ['bug-report', 'become-volunteer', 'feedback', 'data-sharing'] as const;

/** A contact category value. */
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

/** Lengths in characters (UTF-16 code units, as `String.length` counts them) — SPEC.md §9. */
export const FORM_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  companyMax: 100,
  emailMax: 255,
  descriptionMin: 10,
  descriptionMax: 1000,
  /** Digits of a phone number in total, a leading `+` not counted. */
  phoneDigitsMax: 16,
} as const;

/**
 * Name of the hidden honeypot field both forms carry. People never see or fill it; a bot that
 * fills it gets a normal-looking `{ success: true }` and nothing is stored.
 */
export const HONEYPOT_FIELD = 'website';

/** `POST /api/newsletter` body. */
export interface NewsletterRequest {
  /** The address, trimmed by the browser before sending; at most 255 characters. */
  email: string;
  /** Honeypot: empty or absent from a person. */
  website?: string;
}

/** `POST /api/contact` body (SPEC.md §3 "Contact message"). */
export interface ContactRequest {
  firstName: string;
  lastName: string;
  /** Optional: absent or `''`. */
  companyName?: string;
  /** Optional: absent or `''`; kept as typed (spaces, dashes, parentheses allowed). */
  phone?: string;
  email: string;
  category: ContactCategory;
  description: string;
  /** Honeypot: empty or absent from a person. */
  website?: string;
}

/** Answer of both form routes when the message or subscription is stored: `{ success: true }`. */
export interface FormSuccess {
  success: true;
}

/** English and Turkish texts of every validation message the form schemas produce. */
export const FORM_MESSAGES = defineMessages(
  {
    firstNameRequired: 'First name is required',
    firstNameMin: 'First name must be at least 2 characters',
    lastNameRequired: 'Last name is required',
    lastNameMin: 'Last name must be at least 2 characters',
    max50: 'Maximum 50 characters',
    max100: 'Maximum 100 characters',
    max255: 'Maximum 255 characters',
    max1000: 'Maximum 1000 characters',
    phoneInvalid: 'Please enter a valid phone number',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    categoryRequired: 'Please select a category',
    descriptionRequired: 'Description is required',
    descriptionMin: 'Description must be at least 10 characters',
    textInvalid: 'This text contains characters that cannot be stored',
    mustBeText: 'Must be text',
    unknownField: 'Unknown field',
  },
  {
    firstNameRequired: 'Ad zorunludur',
    firstNameMin: 'Ad en az 2 karakter olmalıdır',
    lastNameRequired: 'Soyad zorunludur',
    lastNameMin: 'Soyad en az 2 karakter olmalıdır',
    max50: 'En fazla 50 karakter',
    max100: 'En fazla 100 karakter',
    max255: 'En fazla 255 karakter',
    max1000: 'En fazla 1000 karakter',
    phoneInvalid: 'Lütfen geçerli bir telefon numarası girin',
    emailRequired: 'E-posta zorunludur',
    emailInvalid: 'Lütfen geçerli bir e-posta adresi girin',
    categoryRequired: 'Lütfen bir kategori seçin',
    descriptionRequired: 'Açıklama zorunludur',
    descriptionMin: 'Açıklama en az 10 karakter olmalıdır',
    textInvalid: 'Bu metin saklanamayan karakterler içeriyor',
    mustBeText: 'Metin olmalıdır',
    unknownField: 'Bilinmeyen alan',
  },
);

/** A key of {@link FORM_MESSAGES}: what a schema error's `message` holds. */
export type FormMessageKey = keyof (typeof FORM_MESSAGES)['en'];

/** True when `key` is a key of {@link FORM_MESSAGES}. Never throws. */
export function isFormMessageKey(key: unknown): key is FormMessageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(FORM_MESSAGES.en, key);
}

/** Characters a phone number may carry for readability; ignored before the rule applies. */
const PHONE_SEPARATORS = /[\s\-()]/g;

/**
 * The phone rule of SPEC.md §5 on what the visitor typed: spaces, dashes and parentheses are
 * ignored, then an optional leading `+`, a non-zero first digit and up to 15 more digits.
 * Empty text is valid (the field is optional).
 *
 * @example isValidPhone('+90 (532) 123-45-67') // true
 * @example isValidPhone('0532 123 45 67')     // false: the first digit is 0
 */
export function isValidPhone(phone: string): boolean {
  const compact = phone.replace(PHONE_SEPARATORS, '');
  return compact === '' || /^\+?[1-9]\d{0,15}$/.test(compact);
}

/**
 * True when `value` can be stored as text: no NUL character and no lone UTF-16 surrogate.
 * Undefined passes (optional fields).
 */
export function isStorableFormText(value: string | undefined): boolean {
  if (value === undefined) return true;
  return !value.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

const hasText = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

function text(): StringSchema<string | undefined> {
  return string().typeError('mustBeText').test('storable', 'textInvalid', isStorableFormText);
}

function requiredText(requiredKey: FormMessageKey): StringSchema<string | undefined> {
  return text().test('required', requiredKey, hasText);
}

function email(): StringSchema<string | undefined> {
  return requiredText('emailRequired').max(FORM_LIMITS.emailMax, 'max255').email('emailInvalid');
}

const honeypot = (): StringSchema<string | undefined> => text().max(FORM_LIMITS.descriptionMax, 'max1000');

/**
 * The newsletter form's rules (SPEC.md §5 "Newsletter e-mail"): a required e-mail address of
 * at most 255 characters, plus the honeypot. Unknown fields are refused.
 */
export const newsletterSchema: ObjectSchema<NewsletterRequest> = object({
  email: email().defined('emailRequired'),
  website: honeypot().optional(),
})
  .noUnknown(true, 'unknownField')
  .strict(false);

/**
 * The contact form's rules (SPEC.md §5), with its messages as {@link FormMessageKey}s:
 * names 2–50 characters, company up to 100, phone per {@link isValidPhone}, e-mail up to 255,
 * one of the four categories, description 10–1000 characters; required texts must not be
 * blank. Unknown fields are refused.
 */
export const contactSchema: ObjectSchema<ContactRequest> = object({
  firstName: requiredText('firstNameRequired')
    .min(FORM_LIMITS.nameMin, 'firstNameMin')
    .max(FORM_LIMITS.nameMax, 'max50')
    .defined('firstNameRequired'),
  lastName: requiredText('lastNameRequired')
    .min(FORM_LIMITS.nameMin, 'lastNameMin')
    .max(FORM_LIMITS.nameMax, 'max50')
    .defined('lastNameRequired'),
  companyName: text().max(FORM_LIMITS.companyMax, 'max100').optional(),
  phone: text()
    .test('phone', 'phoneInvalid', (value) => value === undefined || isValidPhone(value))
    .optional(),
  email: email().defined('emailRequired'),
  category: text()
    .test('required', 'categoryRequired', hasText)
    .oneOf(CONTACT_CATEGORIES, 'categoryRequired')
    .defined('categoryRequired'),
  description: requiredText('descriptionRequired')
    .min(FORM_LIMITS.descriptionMin, 'descriptionMin')
    .max(FORM_LIMITS.descriptionMax, 'max1000')
    .defined('descriptionRequired'),
  website: honeypot().optional(),
})
  .noUnknown(true, 'unknownField')
  .strict(false);
