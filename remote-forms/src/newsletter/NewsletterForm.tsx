import { useState, type ReactNode } from 'react';
import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  defineMessages,
  format,
  FORM_MESSAGES,
  HONEYPOT_FIELD,
  isFormMessageKey,
  newsletterSchema,
  useLanguage,
  type FormMessageKey,
} from '@kb/contracts';
import { PRIVACY_ANCHOR } from '../privacy/PrivacyNotice';
import { postForm } from '../shared/api';
import { FormToasts, showErrorToast, showSuccessToast } from '../shared/toasts';
import { colors, radii, HoneypotBox, PrimaryButton, Spinner } from '../shared/theme';
import { REMOTE_VERSION } from '../version';
import { FONT_SIZES, SPACE } from '@kb/contracts/tokens';

const messages = defineMessages(
  {
    title: 'Newsletter',
    text: 'News of the project and of new sources, now and then.',
    label: 'Email address',
    placeholder: 'you@example.com',
    subscribe: 'Subscribe',
    subscribing: 'Subscribing...',
    privacy: 'How we handle your data',
    honeypot: 'Leave this field empty',
    successTitle: 'Successfully subscribed to newsletter!',
    successText: '{email} has been added to our newsletter.',
    errorTitle: 'Error',
    errorText: 'Failed to subscribe. Please try again.',
  },
  {
    title: 'Bülten',
    text: 'Projeden ve yeni kaynaklardan ara sıra haberler.',
    label: 'E-posta adresi',
    placeholder: 'siz@ornek.com',
    subscribe: 'Abone ol',
    subscribing: 'Abone olunuyor...',
    privacy: 'Verilerinizi nasıl işliyoruz',
    honeypot: 'Bu alanı boş bırakın',
    successTitle: 'Bültene başarıyla abone oldunuz!',
    successText: '{email} adresi bültenimize eklendi.',
    errorTitle: 'Hata',
    errorText: 'Abonelik başarısız. Lütfen tekrar deneyin.',
  },
);

const Box = styled.section`
  h2 {
    font-size: ${FONT_SIZES.md};
    margin: 0 0 ${SPACE.xs};
    color: inherit;
  }
  p {
    margin: 0 0 ${SPACE.xs};
  }
  label {
    display: block;
    font-weight: 600;
    margin-bottom: ${SPACE.xxs};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.xs};
  input {
    flex: 1 1 12rem;
    min-width: 0;
    font: inherit;
    color: ${colors.text};
    background: ${colors.surface};
    padding: 0.55rem ${SPACE.sm};
    border: 1px solid ${colors.control};
    border-radius: ${radii.md};
  }
  [aria-invalid='true'] {
    border-color: ${colors.danger};
    box-shadow: 0 0 0 2px ${colors.dangerOnDark};
  }
`;

const Button = styled(PrimaryButton)`
  background: ${colors.accent};
  color: ${colors.primaryDark};
  &:hover:not(:disabled) {
    background: ${colors.accentBright};
  }
  &:disabled {
    background: ${colors.accentMuted};
    color: ${colors.primaryDark};
  }
`;

const ErrorText = styled.p`
  && {
    margin: 0.35rem 0 0;
  }
  color: ${colors.dangerOnDark};
  font-size: ${FONT_SIZES.sm};
`;

const Privacy = styled.p`
  && {
    margin: ${SPACE.xs} 0 0;
  }
  font-size: ${FONT_SIZES.sm};
`;

interface Values {
  email: string;
  website: string;
}

/** The first rule the trimmed address breaks, or undefined (blank: no message; it is ignored). */
function problem(email: string): FormMessageKey | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return undefined;
  try {
    newsletterSchema.validateSync({ email: trimmed });
    return undefined;
  } catch (error) {
    // By name, not instanceof: the schema comes from the shared @kb/contracts, whose yup is
    // the host's copy, not this remote's.
    const name: unknown = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
    const message: unknown = name === 'ValidationError' ? (error as { message?: unknown }).message : undefined;
    if (isFormMessageKey(message)) return message;
    throw error;
  }
}

/**
 * The forms remote's newsletter block (`./NewsletterForm`, in the shell's footer; SPEC.md §2,
 * §4, §5, §8): a required e-mail address, trimmed before it is sent, a blank one ignored. On
 * success a toast with the added address and an empty field; on failure an error toast and the
 * address kept (both in the block's own toast area, under the button). Links to the privacy notice on the Contact page.
 */
export default function NewsletterForm(): ReactNode {
  const lang = useLanguage();
  const t = messages[lang];
  const [errorKey, setErrorKey] = useState<FormMessageKey | undefined>(undefined);
  const error = errorKey === undefined ? undefined : FORM_MESSAGES[lang][errorKey];
  return (
    <Box data-remote="forms" data-remote-version={REMOTE_VERSION} aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t.title}</h2>
      <p>{t.text}</p>
      <Formik<Values>
        initialValues={{ email: '', website: '' }}
        onSubmit={async (values, helpers) => {
          const email = values.email.trim();
          if (email === '') return;
          const key = problem(email);
          setErrorKey(key);
          if (key !== undefined) {
            document.getElementById('newsletter-email')?.focus();
            return;
          }
          const body = values.website === '' ? { email } : { email, [HONEYPOT_FIELD]: values.website };
          if (await postForm('/api/newsletter', body)) {
            const m = messages[lang];
            showSuccessToast('newsletter-toasts', m.successTitle, format(m.successText, { email }));
            helpers.resetForm();
          } else {
            showErrorToast('newsletter-toasts', messages[lang].errorTitle, messages[lang].errorText);
          }
        }}
      >
        {({ isSubmitting, getFieldProps }) => (
          <Form noValidate aria-labelledby="newsletter-title">
            <label htmlFor="newsletter-email">{t.label}</label>
            <Row>
              <input
                {...getFieldProps('email')}
                onChange={(event) => {
                  getFieldProps('email').onChange(event);
                  if (errorKey !== undefined) setErrorKey(undefined);
                }}
                id="newsletter-email"
                type="email"
                autoComplete="email"
                placeholder={t.placeholder}
                aria-invalid={error !== undefined}
                aria-describedby={error !== undefined ? 'newsletter-email-error' : undefined}
              />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting && <Spinner />}
                {isSubmitting ? t.subscribing : t.subscribe}
              </Button>
            </Row>
            {error !== undefined && <ErrorText id="newsletter-email-error">{error}</ErrorText>}
            <FormToasts area="newsletter-toasts" />
            <HoneypotBox>
              <label htmlFor="newsletter-website">{t.honeypot}</label>
              <input {...getFieldProps(HONEYPOT_FIELD)} id="newsletter-website" type="text" tabIndex={-1} autoComplete="off" />
            </HoneypotBox>
          </Form>
        )}
      </Formik>
      <Privacy>
        <Link to={`/contact#${PRIVACY_ANCHOR}`}>{t.privacy}</Link>
      </Privacy>
    </Box>
  );
}
