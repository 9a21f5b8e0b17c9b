import { ValidationError } from 'yup';
import { contactSchema, FORM_MESSAGES, isValidPhone, newsletterSchema, type ContactRequest } from './forms';

const valid: ContactRequest = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  companyName: '',
  phone: '',
  email: 'ayse@example.org',
  category: 'feedback',
  description: 'Çok faydalı bir site, teşekkürler.',
};

/** The message keys of every problem with `input`, by field ('' for the object itself). */
function problems(input: unknown, schema: typeof contactSchema | typeof newsletterSchema = contactSchema): Record<string, string> {
  try {
    schema.validateSync(input, { abortEarly: false, strict: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const out: Record<string, string> = {};
    for (const e of error.inner.length > 0 ? error.inner : [error]) out[e.path ?? ''] ??= String(e.message);
    return out;
  }
}

describe('the contact schema', () => {
  it('accepts a valid message', () => {
    expect(problems(valid)).toEqual({});
  });

  it.each([
    ['firstName', '', 'firstNameRequired'],
    ['firstName', '   ', 'firstNameRequired'],
    ['firstName', 'A', 'firstNameMin'],
    ['firstName', 'x'.repeat(51), 'max50'],
    ['lastName', 'B', 'lastNameMin'],
    ['companyName', 'c'.repeat(101), 'max100'],
    ['phone', '0532 123 45 67', 'phoneInvalid'],
    ['phone', '+1234567890123456 7', 'phoneInvalid'],
    ['email', '', 'emailRequired'],
    ['email', 'not-an-address', 'emailInvalid'],
    ['email', `${'a'.repeat(244)}@example.org`, 'max255'],
    ['category', '', 'categoryRequired'],
    ['category', 'spam', 'categoryRequired'],
    ['description', '', 'descriptionRequired'],
    ['description', 'too short', 'descriptionMin'],
    ['description', 'd'.repeat(1001), 'max1000'],
    ['description', 'nul \u0000 inside!', 'textInvalid'],
  ])('refuses %s = %j with %s', (field, value, key) => {
    expect(problems({ ...valid, [field]: value })).toEqual({ [field]: key });
  });

  it.each([
    ['firstName', 'Al'],
    ['firstName', 'x'.repeat(50)],
    ['companyName', 'c'.repeat(100)],
    ['email', `${'a'.repeat(243)}@example.org`],
    ['description', 'd'.repeat(10)],
    ['description', 'd'.repeat(1000)],
    ['phone', '+90 (532) 123-45-67'],
  ])('accepts %s at its limit', (field, value) => {
    expect(problems({ ...valid, [field]: value })).toEqual({});
  });

  it('refuses unknown and wrongly typed fields', () => {
    expect(problems({ ...valid, admin: true })).toEqual({ '': 'unknownField' });
    expect(problems({ ...valid, firstName: 42 })).toEqual({ firstName: 'mustBeText' });
  });

  it('has English and Turkish text for every message', () => {
    expect(FORM_MESSAGES.en.max255).toBe('Maximum 255 characters');
    expect(FORM_MESSAGES.tr.phoneInvalid).toBe('Lütfen geçerli bir telefon numarası girin');
  });
});

describe('the phone rule', () => {
  it.each(['+905321234567', '905321234567', '1', '+1 (555) 010-0199', '1234567890123456'])('accepts %s', (p) => {
    expect(isValidPhone(p)).toBe(true);
  });
  it.each(['0', '+0123', '12345678901234567', '+90 532 abc', '++90'])('refuses %s', (p) => {
    expect(isValidPhone(p)).toBe(false);
  });
});

describe('the newsletter schema', () => {
  it('wants a valid address of at most 255 characters and nothing else', () => {
    expect(problems({ email: 'a@b.co' }, newsletterSchema)).toEqual({});
    expect(problems({ email: '' }, newsletterSchema)).toEqual({ email: 'emailRequired' });
    expect(problems({ email: 'a@' }, newsletterSchema)).toEqual({ email: 'emailInvalid' });
    expect(problems({ email: `${'a'.repeat(244)}@example.org` }, newsletterSchema)).toEqual({ email: 'max255' });
    expect(problems({ email: 'a@b.co', name: 'x' }, newsletterSchema)).toEqual({ '': 'unknownField' });
  });
});
