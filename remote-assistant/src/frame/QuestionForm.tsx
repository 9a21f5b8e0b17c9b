import { useId, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import styled from 'styled-components';
import { MAX_QUESTION_CHARS, format } from '@kb/contracts';
import { colors, focusRing } from '../shared/theme';
import type { FrameText } from './messages';
import { PrimaryButton } from './styles';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

/** Show the character count once the question is this long (characters). */
const COUNT_FROM = Math.floor(MAX_QUESTION_CHARS * 0.8);

const Form = styled.form`
  display: grid;
  gap: 6px;
`;

const Label = styled.label`
  font-weight: 600;
`;

const Row = styled.div`
  display: flex;
  gap: ${SPACE.xs};
  align-items: flex-end;
`;

const Input = styled.textarea`
  flex: 1;
  min-width: 0;
  min-height: 44px;
  max-height: 40vh;
  padding: 10px ${SPACE.sm};
  border: 2px solid ${colors.control};
  border-radius: ${RADII.md};
  background: ${colors.surface};
  color: ${colors.ink};
  font: inherit;
  resize: vertical;
  &::placeholder {
    color: ${colors.muted};
    opacity: 1;
  }
  ${focusRing}
`;

const Hints = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${SPACE.xxs} ${SPACE.sm};
  font-size: ${FONT_SIZES.sm};
  color: ${colors.muted};
`;

/** Props of {@link QuestionForm}. */
export interface QuestionFormProps {
  t: FrameText;
  /** Called with the trimmed question (1–{@link MAX_QUESTION_CHARS} characters). */
  onAsk(question: string): void;
  /** The textarea, for moving focus back to it. */
  inputRef?: Ref<HTMLTextAreaElement>;
}

/**
 * The chat box: a labelled textarea and an Ask button. Enter submits, Shift+Enter adds a
 * new line (and Enter while an input method is composing does nothing); a question that is
 * blank after trimming is ignored; at most {@link MAX_QUESTION_CHARS} characters.
 */
export function QuestionForm({ t, onAsk, inputRef }: QuestionFormProps) {
  const [value, setValue] = useState('');
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const showCount = value.length >= COUNT_FROM;

  const submit = (): void => {
    const question = value.trim().slice(0, MAX_QUESTION_CHARS);
    if (question.length === 0) return;
    onAsk(question);
    setValue('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Form onSubmit={onSubmit}>
      <Label htmlFor={`${id}-question`}>{t.questionLabel}</Label>
      <Row>
        <Input
          id={`${id}-question`}
          ref={inputRef}
          rows={2}
          dir="auto"
          value={value}
          maxLength={MAX_QUESTION_CHARS}
          placeholder={t.placeholder}
          aria-describedby={showCount ? `${hintId} ${countId}` : hintId}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <PrimaryButton type="submit">{t.ask}</PrimaryButton>
      </Row>
      <Hints>
        <span id={hintId}>{t.keyboardHint}</span>
        {showCount ? (
          <span id={countId}>{format(t.charCount, { count: value.length, max: MAX_QUESTION_CHARS })}</span>
        ) : null}
      </Hints>
    </Form>
  );
}
