import { defineMessages } from '@kb/contracts';

/** Texts of the embedded assistant frame element, shared by /chat and /search?q=. */
export const frameMessages = defineMessages(
  { frameTitle: 'AI assistant' },
  { frameTitle: 'Yapay zekâ asistanı' },
);
