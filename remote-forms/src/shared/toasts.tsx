import type { ReactNode } from 'react';
import { toast, ToastContainer, Zoom, type CloseButtonProps } from 'react-toastify';
import styled from 'styled-components';
import { defineMessages, useLanguage } from '@kb/contracts';
import { COLORS, FOCUS_RING, FONT_SIZES, FONTS, RADII, SPACE } from '@kb/contracts/tokens';
import { cspNonce } from './cspNonce';

/** The forms' toast areas, one per form; the id is also the area's DOM id (react-toastify). */
export type ToastArea = 'newsletter-toasts' | 'contact-toasts';

const messages = defineMessages(
  {
    'newsletter-toasts': 'Newsletter messages',
    'contact-toasts': 'Contact form messages',
    close: 'Close this message',
  },
  {
    'newsletter-toasts': 'Bülten bildirimleri',
    'contact-toasts': 'İletişim formu bildirimleri',
    close: 'Bu bildirimi kapat',
  },
);

/**
 * The area's look, from the design tokens: react-toastify's `colored` theme reads these custom
 * properties, and setting them here (not at `:root`) keeps them with the forms whichever shell
 * or standalone page hosts them. The library's container is fixed to a corner of the window;
 * here it is an ordinary block in the form's flow, so the message shows beside the button that
 * caused it.
 */
const Area = styled.div`
  --toastify-color-success: ${COLORS.success};
  --toastify-color-error: ${COLORS.danger};
  --toastify-text-color-success: ${COLORS.onPrimary};
  --toastify-text-color-error: ${COLORS.onPrimary};
  --toastify-font-family: ${FONTS.body};
  --toastify-toast-bd-radius: ${RADII.md};

  && .Toastify__toast-container {
    position: static;
    transform: none;
    width: 100%;
    padding: 0;
    margin: 0;
    z-index: auto;
  }
  && .Toastify__toast {
    width: 100%;
    min-height: 0;
    margin: ${SPACE.sm} 0 0;
    padding: ${SPACE.sm} ${SPACE.xxl} ${SPACE.sm} ${SPACE.md};
    border-radius: ${RADII.md};
    font-size: ${FONT_SIZES.md};
    box-shadow: none;
  }
`;

/**
 * The toast's close button, named in the visitor's language (the library's says "close" in
 * English and removes the focus outline): a 2 rem target with a white ring, visible on both the
 * success and the danger colour.
 */
const Close = styled.button`
  position: absolute;
  top: ${SPACE.xxs};
  right: ${SPACE.xxs};
  width: ${SPACE.xl};
  height: ${SPACE.xl};
  padding: 0;
  font: inherit;
  font-size: ${FONT_SIZES.xl};
  line-height: 1;
  color: inherit;
  background: transparent;
  border: 0;
  border-radius: ${RADII.sm};
  cursor: pointer;
  &:focus-visible {
    outline: ${FOCUS_RING.width} solid ${COLORS.onPrimary};
    outline-offset: -${FOCUS_RING.width};
  }
`;

function CloseButton({ closeToast, label }: CloseButtonProps & { label: string }): ReactNode {
  return (
    <Close type="button" aria-label={label} onClick={(event) => {
      event.stopPropagation();
      closeToast(true);
    }}>
      <span aria-hidden="true">×</span>
    </Close>
  );
}

/**
 * Where a form's toasts appear: a `<ToastContainer>` of its own (`containerId` = `area`)
 * rendered in the form's region, after its submit button, so the message sits beside the form
 * it belongs to and follows it in the tab order. The area is a region named in the visitor's
 * language (a unique landmark name per form); each toast is announced with `role="alert"`.
 * Toasts of older forms releases (no `containerId`) still go to the shell's container.
 */
export function FormToasts({ area }: { area: ToastArea }): ReactNode {
  const lang = useLanguage();
  return (
    <Area>
      <ToastContainer
        containerId={area}
        aria-label={messages[lang][area]}
        // The shell's container keeps Alt+T; these are reached by Tab after the form's button.
        hotKeys={() => false}
        position="top-left"
        transition={Zoom}
        closeButton={(props: CloseButtonProps) => <CloseButton {...props} label={messages[lang].close} />}
        nonce={cspNonce()}
      />
    </Area>
  );
}

const Title = styled.strong`
  display: block;
  margin-bottom: ${SPACE.xxs};
`;

function ToastText({ title, text }: { title: string; text: string }): ReactNode {
  return (
    <div>
      <Title>{title}</Title>
      <span>{text}</span>
    </div>
  );
}

/**
 * An error toast (SPEC.md §8) in `area`: a title and a line of text on the danger colour, white
 * text (6.5:1), announced with `role="alert"`.
 */
export function showErrorToast(area: ToastArea, title: string, text: string): void {
  toast.error(<ToastText title={title} text={text} />, { theme: 'colored', containerId: area });
}

/** A success toast in `area`: a title and a line of text on the success colour. */
export function showSuccessToast(area: ToastArea, title: string, text: string): void {
  toast.success(<ToastText title={title} text={text} />, { theme: 'colored', containerId: area });
}
