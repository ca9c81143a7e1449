/** What a username may contain (the contract's RegisterRequest pattern): lower-case letters, digits, _ and -. */
export const USERNAME_PATTERN = /^[a-z0-9_-]+$/;
