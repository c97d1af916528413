/**
 * `npm run create-admin -- <email>`: makes the person with this address an
 * admin of the installation in DATABASE_URL (or the embedded database in
 * DATA_DIR), created when new, with the password read from the first line
 * of standard input (piped, or typed) or from ADMIN_PASSWORD. The password
 * must pass the sign-in pages' rules (at least 8 characters, not the
 * address, not a common one). The server may run meanwhile on PostgreSQL;
 * the embedded database is opened by one process at a time.
 */
import { createInterface } from 'node:readline';
import { openScriptDatabase } from '../../platform/db/client.js';
import { createAdmin } from './create-admin.js';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function readPassword(): Promise<string> {
  const given = process.env.ADMIN_PASSWORD;
  if (given) return given;
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

const [email, ...rest] = process.argv.slice(2);
if (!email || rest.length > 0) {
  fail(
    'Usage: npm run create-admin -- <email>   (password on standard input or in ADMIN_PASSWORD)',
  );
}
const password = await readPassword();

const database = await openScriptDatabase();
/** A refusal: said on standard error, the process ends with 1 once the database is closed. */
function refuse(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}

try {
  const result = await createAdmin(database.db, email, password);
  switch (result.kind) {
    case 'created':
      process.stdout.write(`Admin ${result.email} created: sign in with the password given.\n`);
      break;
    case 'promoted':
      process.stdout.write(
        `${result.email} is an admin now, with the password given; signed out everywhere.\n`,
      );
      if (result.invitationsRevoked > 0) {
        process.stdout.write(
          `${result.invitationsRevoked} open invitation(s) of ${result.email} taken back: their links no longer set a password; the merchants see those accounts as pending until they remove them.\n`,
        );
      }
      break;
    case 'invalid_email':
      refuse(`Not an email address: ${email}`);
      break;
    case 'external_user':
      refuse(`${email} signs in with an external provider: make it an admin there.`);
      break;
    case 'weak_password':
      refuse(
        {
          too_short: 'The password is too short: at least 8 characters.',
          contains_email: 'The password must not contain the email address.',
          too_common: 'The password is too easy to guess: choose a longer or less common one.',
        }[result.problem],
      );
  }
} finally {
  await database.close();
}
