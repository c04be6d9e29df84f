export { plainText } from '@tbo/kernel/src/pure/plain-text.pure';
