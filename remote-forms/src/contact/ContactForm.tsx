import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import styled from 'styled-components';
import {
  CONTACT_CATEGORIES,
  contactSchema,
  FORM_MESSAGES,
  HONEYPOT_FIELD,
  isFormMessageKey,
  useLanguage,
  type ContactRequest,
} from '@kb/contracts';
import { postForm } from '../shared/api';
import { FormToasts, showErrorToast } from '../shared/toasts';
import { colors, radii, HoneypotBox, PrimaryButton, Spinner, VisuallyHidden } from '../shared/theme';
import { contactMessages } from './messages';
import { SuccessDialog } from './SuccessDialog';
import { FONT_SIZES, SPACE } from '@kb/contracts/tokens';

/** What the form holds: every field as typed, the category `''` until one is chosen. */
type ContactValues = Omit<ContactRequest, 'category' | 'companyName' | 'phone' | 'website'> & {
  category: ContactRequest['category'] | '';
  companyName: string;
  phone: string;
  website: string;
};

const EMPTY: ContactValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  phone: '',
  email: '',
  category: '',
  description: '',
  website: '',
};

/** The visible fields in screen order: focus goes to the first one with an error. */
const FIELD_ORDER = ['firstName', 'lastName', 'companyName', 'phone', 'email', 'category', 'description'] as const;
type FieldName = (typeof FIELD_ORDER)[number];

const inputId = (name: string): string => `contact-${name}`;
const errorId = (name: string): string => `contact-${name}-error`;

const Card = styled.div`
  padding: ${SPACE.lg};
  background: ${colors.surface};
  border: 1px solid ${colors.border};
  border-radius: ${radii.lg};
  color: ${colors.text};
  h2 {
    margin: 0;
    font-size: ${FONT_SIZES.xl};
  }
  > p {
    margin: ${SPACE.xxs} 0 1.25rem;
    color: ${colors.muted};
  }
`;

const Grid = styled.div`
  display: grid;
  gap: ${SPACE.md} 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(min(16rem, 100%), 1fr));
`;

const FieldBox = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  grid-column: ${(p) => (p.$wide ? '1 / -1' : 'auto')};
  label {
    font-weight: 600;
  }
  input,
  select,
  textarea {
    font: inherit;
    color: ${colors.text};
    background: ${colors.surface};
    padding: 0.6rem ${SPACE.sm};
    border: 1px solid ${colors.control};
    border-radius: ${radii.md};
    width: 100%;
  }
  /* One height for a text field and a select side by side (a select's box is otherwise ~3 px
     shorter): the text field's own height, 1.5 lines + padding + border. */
  input,
  select {
    height: calc(1.5em + 1.2rem + 2px);
  }
  textarea {
    resize: vertical;
  }
  [aria-invalid='true'] {
    border-color: ${colors.danger};
    box-shadow: 0 0 0 1px ${colors.danger};
  }
`;

const Note = styled.span`
  font-weight: 400;
  color: ${colors.muted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${colors.danger};
  font-size: ${FONT_SIZES.sm};
`;

const Actions = styled.div`
  margin-top: 1.25rem;
`;

type T = (typeof contactMessages)['en'];

function Field(props: {
  name: FieldName;
  t: T;
  required?: boolean;
  wide?: boolean;
  children: (attrs: Record<string, string | boolean | undefined> & { id: string; name: string }) => ReactNode;
}): ReactNode {
  const lang = useLanguage();
  const [, meta] = useField(props.name);
  const key = meta.touched ? meta.error : undefined;
  const error = key === undefined ? undefined : isFormMessageKey(key) ? FORM_MESSAGES[lang][key] : key;
  return (
    <FieldBox $wide={props.wide}>
      <label htmlFor={inputId(props.name)}>
        {props.t[props.name]}{' '}
        {props.required ? (
          <>
            <span aria-hidden="true">*</span>
            <VisuallyHidden> {props.t.required}</VisuallyHidden>
          </>
        ) : (
          <Note>{props.t.optional}</Note>
        )}
      </label>
      {props.children({
        id: inputId(props.name),
        name: props.name,
        'aria-invalid': error !== undefined,
        'aria-required': props.required ? true : undefined,
        'aria-describedby': error !== undefined ? errorId(props.name) : undefined,
      })}
      {error !== undefined && <ErrorText id={errorId(props.name)}>{error}</ErrorText>}
    </FieldBox>
  );
}

/** After a submit that failed validation, moves focus to the first field with an error. */
function FocusFirstError(): null {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<ContactValues>();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    const first = FIELD_ORDER.find((name) => errors[name] !== undefined);
    if (first) document.getElementById(inputId(first))?.focus();
  }, [submitCount, isSubmitting, isValidating, errors]);
  return null;
}

/**
 * The contact form (SPEC.md §2, §3, §4, §5): formik with the shared `contactSchema`, messages
 * in the visitor's language (re-labelled when it changes), `Submitting...` with a spinner while
 * `POST /api/contact` runs, the success dialog and a reset on success, the error toast (under the
 * button, in the form's own toast area) and the typed values kept on failure. A hidden honeypot field catches bots.
 */
export function ContactForm(): ReactNode {
  const lang = useLanguage();
  const t = contactMessages[lang];
  const [done, setDone] = useState(false);
  const closeDialog = useCallback(() => {
    setDone(false);
    document.getElementById(inputId('firstName'))?.focus();
  }, []);

  return (
    <Card>
      <h2 id="contact-form-title">{t.formTitle}</h2>
      <p>{t.formSubtitle}</p>
      <Formik<ContactValues>
        initialValues={EMPTY}
        validationSchema={contactSchema}
        onSubmit={async (values, helpers) => {
          if (await postForm('/api/contact', values)) {
            helpers.resetForm();
            setDone(true);
          } else {
            showErrorToast('contact-toasts', contactMessages[lang].errorTitle, contactMessages[lang].errorText);
          }
        }}
      >
        {({ isSubmitting, getFieldProps }) => (
          <Form noValidate aria-labelledby="contact-form-title">
            <FocusFirstError />
            <Grid>
              <Field name="firstName" t={t} required>
                {(a) => <input {...getFieldProps(a.name)} {...a} type="text" autoComplete="given-name" placeholder={t.firstNamePlaceholder} />}
              </Field>
              <Field name="lastName" t={t} required>
                {(a) => <input {...getFieldProps(a.name)} {...a} type="text" autoComplete="family-name" placeholder={t.lastNamePlaceholder} />}
              </Field>
              <Field name="companyName" t={t}>
                {(a) => <input {...getFieldProps(a.name)} {...a} type="text" autoComplete="organization" placeholder={t.companyPlaceholder} />}
              </Field>
              <Field name="phone" t={t}>
                {(a) => <input {...getFieldProps(a.name)} {...a} type="tel" autoComplete="tel" inputMode="tel" placeholder={t.phonePlaceholder} />}
              </Field>
              <Field name="email" t={t} required>
                {(a) => <input {...getFieldProps(a.name)} {...a} type="email" autoComplete="email" placeholder={t.emailPlaceholder} />}
              </Field>
              <Field name="category" t={t} required>
                {(a) => (
                  <select {...getFieldProps(a.name)} {...a}>
                    <option value="" disabled>
                      {t.categoryPlaceholder}
                    </option>
                    {CONTACT_CATEGORIES.map((c) => (
                      <option key={c} value={c}>
                        {t[c]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field name="description" t={t} required wide>
                {(a) => <textarea {...getFieldProps(a.name)} {...a} rows={5} placeholder={t.descriptionPlaceholder} />}
              </Field>
            </Grid>
            <HoneypotBox>
              <label htmlFor={inputId(HONEYPOT_FIELD)}>{t.honeypot}</label>
              <input {...getFieldProps(HONEYPOT_FIELD)} id={inputId(HONEYPOT_FIELD)} type="text" tabIndex={-1} autoComplete="off" />
            </HoneypotBox>
            <Actions>
              <PrimaryButton type="submit" disabled={isSubmitting}>
                {isSubmitting && <Spinner />}
                {isSubmitting ? t.submitting : t.submit}
              </PrimaryButton>
              <FormToasts area="contact-toasts" />
            </Actions>
          </Form>
        )}
      </Formik>
      <SuccessDialog open={done} title={t.successTitle} text={t.successText} closeLabel={t.close} onClose={closeDialog} />
    </Card>
  );
}
