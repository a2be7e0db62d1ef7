/**
 * Passwords refused outright because they top every breached-password list (lowercased).
 * Only entries of 8+ characters matter: shorter ones already fail the length rule.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '00000000',
  '87654321', '11223344', '12341234', '123456123', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx',
  'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1',
  'password', 'password1', 'password12', 'password123', 'password!', 'p@ssw0rd', 'passw0rd',
  'pa$$w0rd', 'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball',
  'welcome1', 'welcome123', 'abc12345', 'abcd1234', 'abcdefgh', 'admin123', 'admin1234',
  'administrator', 'letmein1', 'trustno1', 'starwars', 'whatever', 'superman', 'michael1',
  'charlie1', 'jennifer', 'computer', 'corvette', 'mercedes', 'internet', 'samsung1',
  'changeme', 'changeme1', 'default1', 'master12', 'monkey12', 'dragon12', 'shadow12',
  'q1w2e3r4', 'q1w2e3r4t5', 'zaq12wsx', 'aa123456', 'a1234567', 'a12345678', 'azertyui',
  'azertyuiop', 'motdepasse', 'bonjour1', 'soleil123', '1234qwer', 'qazwsxedc', 'secret123',
  'test1234', 'testtest', 'qwe123qwe', '147258369', '987654321', '123654789', '999999999',
  '88888888', '66666666', '55555555', '22222222', '12344321', '1234abcd', 'football1',
  'baseball1', 'liverpool', 'chelsea1', 'arsenal1', 'barcelona', 'pokemon1', 'minecraft',
  'jordan23', 'michelle', 'jessica1', 'password2', 'welcome!', 'summer2024', 'summer2025',
  'summer2026', 'winter2025', 'winter2026', 'spring2026', 'autumn2026', 'letmein123',
]);
