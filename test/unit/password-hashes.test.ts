import { expect } from 'chai';
import {
  chunkApplicationPassword,
  generateApplicationPassword,
  hashApplicationPassword,
  normalizeSuppliedPassword,
  verifyApplicationPassword,
} from '../../src/auth/password-hashes.ts';

// Vectors computed independently: $generic$ with Python hashlib.blake2b(key=b'wp_fast_hash_6.8+',
// digest_size=30); bcrypt and $wp$ with libxcrypt (Python crypt) and hmac/sha384; the first phpass
// vector is the one shipped in openwall phpass's test.php.
const APP_PW = 'abcdEFGH1234ijklMNOP5678';
const VECTORS: [string, string][] = [
  ['password', '$generic$5kFnqVB4H8sAaEg-HC4BoAY2wTWniLJdF-mQwkWu'],
  [APP_PW, '$generic$F6W18u0QEytvRVb59DemVWRxyTxU6vg_VK0s_f-h'],
  ['', '$generic$XJQGK2eUryTa4vHbU0bDv1Ml3wGPwaC1ATczq0o_'],
  ['test12345', '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0'],
  ['test', '$P$BabcdefghxTaTDTKRNi8JzkduP38fq.'],
  [APP_PW, '$P$BXyZ09./AfXc7PS1Koky72GMiYBW3o1'],
  ['héllo', '$H$9saltsaltg5KcjEs.snppK7VQIW4yP/'],
  ['password', '$wp$2y$05$zyxwvutsrqponmlkjihgfeWynoOBg61uDmlowABioYnldI25HCKmG'],
  [APP_PW, '$2y$05$abcdefghijklmnopqrstuuLp9KfvHlefhevE7GGt67SpG/3KwFgxG'],
  ['password', '$2b$04$ABCDEFGHIJKLMNOPQRSTUuEjC/iPF3zJUw77/vM0sdh86VCS2RP7K'],
  ['U*U', '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW'],
  ['password', '5f4dcc3b5aa765d61d8327deb882cf99'],
];

describe('auth/password-hashes', () => {
  describe('verifyApplicationPassword', () => {
    for (const [plain, hash] of VECTORS) {
      it(`accepts the right password for ${hash.slice(0, 12)}…`, () => {
        expect(verifyApplicationPassword(plain, hash)).to.equal(true);
      });
      it(`rejects a wrong password for ${hash.slice(0, 12)}…`, () => {
        expect(verifyApplicationPassword(plain + 'x', hash)).to.equal(false);
      });
    }

    it('rejects truncated, altered and unknown hashes', () => {
      expect(verifyApplicationPassword('password', '$generic$5kFnqVB4H8sAaEg-HC4BoAY2wTWniLJdF-mQwkW')).to.equal(false);
      expect(verifyApplicationPassword('password', '$generic$5kFnqVB4H8sAaEg-HC4BoAY2wTWniLJdF-mQwkWv')).to.equal(false);
      expect(verifyApplicationPassword('test', '$P$BabcdefghxTaTDTKRNi8JzkduP38fq')).to.equal(false);
      expect(verifyApplicationPassword('test', '$P$!abcdefghxTaTDTKRNi8JzkduP38fq.')).to.equal(false);
      expect(verifyApplicationPassword('password', '5F4DCC3B5AA765D61D8327DEB882CF99')).to.equal(false);
      expect(verifyApplicationPassword('password', '$2y$05$garbage')).to.equal(false);
      expect(verifyApplicationPassword('password', '$argon2id$v=19$m=65536,t=4,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA')).to.equal(
        false,
      );
      expect(verifyApplicationPassword('', '')).to.equal(false);
    });

    it('rejects passwords over 4096 bytes for slow hashes', () => {
      const long = 'a'.repeat(4097);
      expect(verifyApplicationPassword(long, hashApplicationPassword(long, 'phpass'))).to.equal(false);
      expect(verifyApplicationPassword(long, hashApplicationPassword(long))).to.equal(true);
    });
  });

  describe('hashApplicationPassword', () => {
    it('writes the $generic$ format by default, deterministic and 49 chars long', () => {
      expect(hashApplicationPassword('password')).to.equal('$generic$5kFnqVB4H8sAaEg-HC4BoAY2wTWniLJdF-mQwkWu');
      expect(hashApplicationPassword(APP_PW, 'generic')).to.have.length(49);
    });

    it('writes salted phpass $P$B hashes that verify', () => {
      const a = hashApplicationPassword(APP_PW, 'phpass');
      const b = hashApplicationPassword(APP_PW, 'phpass');
      expect(a).to.match(/^\$P\$B[./0-9A-Za-z]{30}$/);
      expect(a).not.to.equal(b);
      expect(verifyApplicationPassword(APP_PW, a)).to.equal(true);
      expect(verifyApplicationPassword('wrong', a)).to.equal(false);
    });
  });

  describe('generation and formatting', () => {
    it('generates 24 random alphanumerics', () => {
      const a = generateApplicationPassword();
      expect(a).to.match(/^[A-Za-z0-9]{24}$/);
      expect(generateApplicationPassword()).not.to.equal(a);
    });

    it('chunks into groups of 4 separated by spaces', () => {
      expect(chunkApplicationPassword(APP_PW)).to.equal('abcd EFGH 1234 ijkl MNOP 5678');
      expect(chunkApplicationPassword('abcdef')).to.equal('abcd ef');
      expect(chunkApplicationPassword('')).to.equal('');
    });

    it('normalizes supplied passwords to ASCII alphanumerics', () => {
      expect(normalizeSuppliedPassword('abcd EFGH 1234 ijkl MNOP 5678')).to.equal(APP_PW);
      expect(normalizeSuppliedPassword('ab-cd_EF.gh é1\t2')).to.equal('abcdEFgh12');
    });
  });
});
