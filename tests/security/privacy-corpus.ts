/**
 * Secrets as pages show them, each with the part that must never be indexed (`secret`), and prose that must
 * survive scrubbing unchanged. Used by the scrubber's unit test and by the end-to-end privacy check.
 */
export interface SecretCase {
  kind: string;
  text: string;
  secret: string;
}

export const secretCases: SecretCase[] = [
  { kind: 'card, spaces', text: 'Card: 4111 1111 1111 1111 on file', secret: '4111 1111 1111 1111' },
  { kind: 'card, dashes', text: 'card 5500-0000-0000-0004.', secret: '5500-0000-0000-0004' },
  { kind: 'card, dots', text: 'Paid with 4012.8888.8888.1881 yesterday', secret: '4012.8888.8888.1881' },
  { kind: 'card, slashes', text: 'ref 3782/822463/10005 amex', secret: '3782/822463/10005' },
  {
    kind: 'card, no-break spaces',
    text: 'VISA 4111\u00a01111\u00a01111\u00a01111',
    secret: '4111\u00a01111\u00a01111\u00a01111',
  },
  {
    kind: 'card, spaced dashes',
    text: 'number 6011 - 1111 - 1111 - 1117 exp 12/29',
    secret: '6011 - 1111 - 1111 - 1117',
  },
  { kind: 'card, bare', text: 'cc=4111111111111111&exp=1229', secret: '4111111111111111' },
  { kind: 'IBAN, grouped', text: 'IBAN DE89 3704 0044 0532 0130 00', secret: 'DE89 3704 0044 0532 0130 00' },
  {
    kind: 'IBAN, lower case',
    text: 'send to gb82 west 1234 5698 7654 32 please',
    secret: 'gb82 west 1234 5698 7654 32',
  },
  { kind: 'IBAN, compact', text: 'Konto: FR1420041010050500013M02606', secret: 'FR1420041010050500013M02606' },
  { kind: 'SSN, dashes', text: 'ssn 123-45-6789', secret: '123-45-6789' },
  { kind: 'SSN, spaces', text: 'SSN: 123 45 6789', secret: '123 45 6789' },
  { kind: 'SSN, dots', text: 'social 078.05.1121 on form', secret: '078.05.1121' },
  { kind: 'SSN, bare after label', text: 'Social Security Number: 219099999', secret: '219099999' },
  { kind: 'one-time code', text: 'Your verification code is 482913.', secret: '482913' },
  { kind: 'one-time code, OTP', text: 'OTP: 7731 (valid 5 minutes)', secret: '7731' },
  { kind: 'one-time code, split', text: 'Enter the sign-in code 123 456 to continue', secret: '123 456' },
  { kind: 'one-time code, 2FA', text: '2FA code - 90210', secret: '90210' },
  { kind: 'password label', text: 'username: ann password: hunter2!', secret: 'hunter2' },
  { kind: 'password, equals', text: 'db_url host=x pwd=S3cr3tP4ss', secret: 'S3cr3tP4ss' },
  { kind: 'passphrase is', text: 'The wifi passphrase is Tr0ub4dor&3 for guests', secret: 'Tr0ub4dor&3' },
  { kind: 'api key label', text: 'api_key = "a1b2c3d4e5"', secret: 'a1b2c3d4e5' },
  {
    kind: 'OpenAI key',
    text: 'key sk-proj-abcdefghijklmnopqrstuvwx1234',
    secret: 'sk-proj-abcdefghijklmnopqrstuvwx1234',
  },
  {
    kind: 'Anthropic key',
    text: 'ANTHROPIC_API_KEY sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv',
    secret: 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv',
  },
  {
    kind: 'GitHub token',
    text: 'gh ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    secret: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
  },
  { kind: 'GitLab token', text: 'token glpat-xxxxXXXXxxxxXXXXxxxx12', secret: 'glpat-xxxxXXXXxxxxXXXXxxxx12' },
  { kind: 'Slack token', text: 'slack xoxb-1234567890-abcdefghij', secret: 'xoxb-1234567890-abcdefghij' },
  { kind: 'AWS key id', text: 'aws AKIAIOSFODNN7EXAMPLE', secret: 'AKIAIOSFODNN7EXAMPLE' },
  {
    kind: 'Google API key',
    text: 'maps AIzaSyA1234567890abcdefghijklmnopqrstuv',
    secret: 'AIzaSyA1234567890abcdefghijklmnopqrstuv',
  },
  { kind: 'Stripe key', text: 'stripe sk_live_abcdefghijklmnop1234', secret: 'sk_live_abcdefghijklmnop1234' },
  {
    kind: 'Hugging Face token',
    text: 'HF hf_abcdefghijklmnopqrstuvwxyzABCDEF',
    secret: 'hf_abcdefghijklmnopqrstuvwxyzABCDEF',
  },
  {
    kind: 'npm token',
    text: 'registry npm_abcdefghijklmnopqrstuvwxyz0123456789',
    secret: 'npm_abcdefghijklmnopqrstuvwxyz0123456789',
  },
  {
    kind: 'SendGrid key',
    text: 'SG.abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    secret: 'SG.abcdefghijklmnopqrstuv',
  },
  {
    kind: 'JWT',
    text: 'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    secret: 'eyJhbGciOiJIUzI1NiJ9',
  },
  {
    kind: 'bearer',
    text: 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345',
    secret: 'abcdefghijklmnopqrstuvwxyz012345',
  },
  {
    kind: 'long hex',
    text: 'secret 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    secret: '9f86d081884c7d659a2feaa0c55ad015',
  },
];

/** Secrets carried by stored URLs: the URL and the value that must not survive. */
export const secretUrlCases: Array<{ kind: string; url: string; secret: string }> = [
  { kind: 'access token param', url: 'https://app.example/cb?access_token=opaqueValue42&x=1', secret: 'opaqueValue42' },
  { kind: 'code param', url: 'https://app.example/oauth?code=4/0AX4XfWh&state=xyz123', secret: '4/0AX4XfWh' },
  { kind: 'api key param', url: 'https://api.example/v1?apiKey=zzz999', secret: 'zzz999' },
  {
    kind: 'signed URL',
    url: 'https://bucket.s3.example/f.pdf?X-Amz-Signature=abc123def&X-Amz-Credential=AKIAXX',
    secret: 'abc123def',
  },
  { kind: 'session id', url: 'https://shop.example/cart?sessionid=s3ss10n', secret: 's3ss10n' },
  {
    kind: 'token in fragment',
    url: 'https://app.example/#access_token=fragTok99&token_type=bearer',
    secret: 'fragTok99',
  },
  { kind: 'password in userinfo', url: 'https://ann:pa55word@host.example/path', secret: 'pa55word' },
  { kind: 'card in query', url: 'https://pay.example/?card=4111111111111111', secret: '4111111111111111' },
];

/** Text that must come through scrubbing unchanged. */
export const proseCases: string[] = [
  'On 2024-05-01 the price was $1,299.00 for 3 units; see RFC 9110 and ISBN 978-3-16-148410-0.',
  'The password is required and the token is valid for one hour.',
  'Password: required. Token: optional.',
  'Call 0201 555 0199 or visit us at 221B Baker Street, London NW1 6XE.',
  'Order 4111 1111 1111 1112 shipped; tracking 1Z999AA10123456784.',
  'Access 365 days a year. Security update 2024 released.',
  'In 1969, 600 million people watched; 2,000,000 more listened.',
  'Version 1.2.3 of the library; chapter 12, section 4.',
];
