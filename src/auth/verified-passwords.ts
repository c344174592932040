// Application-password checks already passed, so that a client signing in on every request pays
// for a bcrypt or phpass hash once. An entry names the stored hash it matched: a password that is
// revoked or changed is no longer in the meta read for each request, so it stops matching at once.
import { createHash } from 'node:crypto';
import { verifyApplicationPassword } from './password-hashes.ts';

/** Enough for every client of a busy site; the oldest check is forgotten first. */
const CAPACITY = 1024;

export class VerifiedPasswords {
  readonly #passed = new Set<string>();

  /** verifyApplicationPassword, remembering each pair that matched. */
  verify(plain: string, hash: string): boolean {
    // Only a digest of the password is kept in memory.
    const key = `${hash}\u0000${createHash('sha256').update(plain, 'utf8').digest('base64')}`;
    if (this.#passed.has(key)) return true;
    if (!verifyApplicationPassword(plain, hash)) return false;
    if (this.#passed.size >= CAPACITY) this.#passed.delete(this.#passed.values().next().value!);
    this.#passed.add(key);
    return true;
  }
}
