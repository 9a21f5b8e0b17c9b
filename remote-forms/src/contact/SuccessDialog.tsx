import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { colors, radii, PrimaryButton } from '../shared/theme';
import { BACKDROP, SHADOWS, SPACE } from '@kb/contracts/tokens';

/** The success dialog closes itself after this long (ms, SPEC.md §9). */
export const SUCCESS_DIALOG_MS = 4000;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: grid;
  place-items: center;
  padding: ${SPACE.md};
  background: ${BACKDROP};
`;

const Box = styled.div`
  width: min(28rem, 100%);
  padding: ${SPACE.lg};
  background: ${colors.surface};
  color: ${colors.text};
  border-radius: ${radii.lg};
  box-shadow: ${SHADOWS.dialog};
  text-align: center;
  h2 {
    margin: 0 0 ${SPACE.xs};
    font-size: 1.3rem;
  }
  p {
    margin: 0 0 1.25rem;
  }
`;

const Check = styled.div.attrs({ 'aria-hidden': true })`
  width: 3rem;
  height: 3rem;
  margin: 0 auto ${SPACE.sm};
  border-radius: 50%;
  display: grid;
  place-items: center;
  font-size: 1.5rem;
  color: ${colors.onPrimary};
  background: ${colors.primary};
`;

/**
 * The contact form's success dialog (SPEC.md §2, §4): modal, focus on its Close button, closes
 * on Close, on Escape, or by itself after {@link SUCCESS_DIALOG_MS}.
 *
 * @param onClose must be stable across renders (the auto-close timer restarts when it changes)
 */
export function SuccessDialog(props: { open: boolean; title: string; text: string; closeLabel: string; onClose: () => void }): ReactNode {
  const { open, onClose } = props;
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    closeButton.current?.focus();
    const timer = setTimeout(onClose, SUCCESS_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [open, onClose]);
  if (!open) return null;
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      // The Close button is the dialog's only control: focus stays on it.
      event.preventDefault();
      closeButton.current?.focus();
    }
  };
  return (
    <Backdrop>
      <Box role="dialog" aria-modal="true" aria-labelledby="contact-success-title" aria-describedby="contact-success-text" onKeyDown={onKeyDown}>
        <Check>✓</Check>
        <h2 id="contact-success-title">{props.title}</h2>
        <p id="contact-success-text">{props.text}</p>
        <PrimaryButton ref={closeButton} type="button" onClick={onClose}>
          {props.closeLabel}
        </PrimaryButton>
      </Box>
    </Backdrop>
  );
}
