/**
 * The password policy (SECURITY.md case 4, NIST SP 800-63B): length counted in code points, no
 * composition rules, a block-list of common choices. Zod-free so the set-password and profile
 * pages can show strength feedback without loading the schema library.
 */
export const PASSWORD_POLICY = {
  minLength: 12,
  maxLength: 128,
  messages: {
    tooShort: 'Password must be at least 12 characters',
    tooLong: 'Password must be at most 128 characters',
    common: 'This password is too common. Choose a less predictable one.',
  },
} as const;

/** Length as a person counts it: an emoji or an accented letter is one character. */
export const passwordLength = (password: string): number => [...password].length;

/**
 * Common passwords of 12 characters or more (shorter ones already fail the length rule), from the
 * public breach-frequency lists, lower-cased. Matching ignores case and surrounding spaces.
 */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  '111111111111',
  '000000000000',
  '123123123123',
  '987654321098',
  'password1234',
  'password12345',
  'password123456',
  'password@123',
  'password!123',
  'passwordpassword',
  'qwertyuiopas',
  'qwertyuiop123',
  'qwerty123456',
  '1qaz2wsx3edc',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5y6',
  'asdfghjkl123',
  'zxcvbnm12345',
  'abcdefghijkl',
  'abcd12345678',
  'abc123456789',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'welcome@1234',
  'welcome123456',
  'administrator',
  'administrator1',
  'admin1234567',
  'admin@123456',
  'adminadmin123',
  'changeme1234',
  'superadmin123',
  'sunshine1234',
  'football1234',
  'baseball1234',
  'princess1234',
  'monkey123456',
  'dragon123456',
  'trustno1trustno1',
  'correcthorsebatterystaple',
  'safarnama123',
  'safarnama1234',
  'safarnama@123',
  'india@123456',
  'incredibleindia',
]);

export const isCommonPassword = (password: string): boolean => {
  const normal = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(normal)) return true;
  // One character repeated, or a plain ascending run of digits.
  if (/^(.)\1+$/u.test(normal)) return true;
  return '12345678901234567890123456789'.includes(normal);
};

/** 0 (refused) to 4 (strong): what the strength meter of the password forms shows. */
export const passwordStrength = (password: string): 0 | 1 | 2 | 3 | 4 => {
  const length = passwordLength(password);
  if (length < PASSWORD_POLICY.minLength || length > PASSWORD_POLICY.maxLength) return 0;
  if (isCommonPassword(password)) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password));
  const unique = new Set(password).size;
  let score = 1;
  if (length >= 16) score++;
  if (classes.length >= 3) score++;
  if (unique >= 10 && length >= 14) score++;
  return Math.min(4, score) as 1 | 2 | 3 | 4;
};

export const PASSWORD_STRENGTH_LABELS = ['Too weak', 'Fair', 'Good', 'Strong', 'Very strong'];
