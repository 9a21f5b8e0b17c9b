import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';

const Title = styled.strong`
  display: block;
  margin-bottom: 0.15rem;
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
 * The `colored` theme: the toast's background is the type's colour (`--toastify-color-error`,
 * `--toastify-color-success`), which the shell sets from the design tokens (danger and success,
 * white text at 6.5:1), with the site's font and radius.
 */
const TOAST_OPTIONS = { theme: 'colored' } as const;

/**
 * Toasts of the forms (SPEC.md §8), shown by the shell's one `<ToastContainer>` (react-toastify
 * is a shared singleton). Each has a title and a line of text; react-toastify announces them
 * with `role="alert"`.
 */
export function showErrorToast(title: string, text: string): void {
  toast.error(<ToastText title={title} text={text} />, TOAST_OPTIONS);
}

/** A success toast with a title and a line of text. */
export function showSuccessToast(title: string, text: string): void {
  toast.success(<ToastText title={title} text={text} />, TOAST_OPTIONS);
}
