/** An address's shape as the forms check it before sending (the server decides for good): text@text.text, no spaces. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
