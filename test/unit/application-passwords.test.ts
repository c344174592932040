import { expect } from 'chai';
import {
  findMatchingPassword,
  newApplicationPasswordItem,
  parseApplicationPasswords,
  serializeApplicationPasswords,
  type ApplicationPasswordItem,
} from '../../src/auth/application-passwords.ts';
import { hashApplicationPassword } from '../../src/auth/password-hashes.ts';

const APP_PW = 'abcdEFGH1234ijklMNOP5678';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const ITEM: ApplicationPasswordItem = {
  uuid: '0f8e9c5a-1b2c-4d3e-8f90-a1b2c3d4e5f6',
  app_id: '',
  name: 'wpcal1',
  password: '$generic$F6W18u0QEytvRVb59DemVWRxyTxU6vg_VK0s_f-h',
  created: 1735689600,
  last_used: null,
  last_ip: null,
};
const SERIALIZED =
  'a:1:{i:0;a:7:{s:4:"uuid";s:36:"0f8e9c5a-1b2c-4d3e-8f90-a1b2c3d4e5f6";s:6:"app_id";s:0:"";' +
  's:4:"name";s:6:"wpcal1";s:8:"password";s:49:"$generic$F6W18u0QEytvRVb59DemVWRxyTxU6vg_VK0s_f-h";' +
  's:7:"created";i:1735689600;s:9:"last_used";N;s:7:"last_ip";N;}}';

describe('auth/application-passwords', () => {
  it('serializes items with the WordPress key order', () => {
    expect(serializeApplicationPasswords([ITEM])).to.equal(SERIALIZED);
    expect(serializeApplicationPasswords([])).to.equal('a:0:{}');
  });

  it('parses the stored list and round-trips it', () => {
    const items = parseApplicationPasswords(SERIALIZED);
    expect(items).to.deep.equal([ITEM]);
    expect(serializeApplicationPasswords(items)).to.equal(SERIALIZED);
  });

  it('parses used entries and lists with gaps left by deletions', () => {
    const used = { ...ITEM, name: 'Ünïcode app', last_used: 1735776000, last_ip: '192.0.2.7' };
    const stored = serializeApplicationPasswords([ITEM, used])
      .replace('a:2:{i:0;', 'a:2:{i:3;')
      .replace('}i:1;a:7', '}i:5;a:7');
    expect(stored).to.contain('i:5;a:7:{');
    expect(parseApplicationPasswords(stored)).to.deep.equal([ITEM, used]);
  });

  it('returns [] for missing or garbage meta values', () => {
    for (const v of [null, '', 'garbage', 'a:1:{broken', 's:3:"abc";', 'i:5;', 'b:0;', 'a:0:{}']) {
      expect(parseApplicationPasswords(v), String(v)).to.deep.equal([]);
    }
  });

  it('skips non-array entries and coerces loose field types', () => {
    const stored =
      'a:3:{i:0;s:4:"junk";i:1;a:0:{}i:2;a:4:{s:4:"uuid";s:3:"abc";s:4:"name";i:7;s:7:"created";s:10:"1735689600";s:9:"last_used";b:0;}}';
    expect(parseApplicationPasswords(stored)).to.deep.equal([
      { uuid: 'abc', app_id: '', name: '7', password: '', created: 1735689600, last_used: null, last_ip: null },
    ]);
  });

  it('gives an entry without uuid a fresh one, as WordPress does', () => {
    const [item] = parseApplicationPasswords('a:1:{i:0;a:1:{s:4:"name";s:1:"x";}}');
    expect(item?.uuid).to.match(UUID_V4);
  });

  it('creates new items', () => {
    const item = newApplicationPasswordItem('My app', '$generic$x', 1700000000);
    expect(item.uuid).to.match(UUID_V4);
    expect(item).to.deep.include({
      app_id: '',
      name: 'My app',
      password: '$generic$x',
      created: 1700000000,
      last_used: null,
      last_ip: null,
    });
    expect(newApplicationPasswordItem('a', 'b', 1).uuid).not.to.equal(item.uuid);
  });

  describe('findMatchingPassword', () => {
    const other = { ...ITEM, name: 'other', password: hashApplicationPassword('zzzzZZZZ1111yyyyYYYY2222') };
    const phpass = { ...ITEM, name: 'legacy', password: '$P$BXyZ09./AfXc7PS1Koky72GMiYBW3o1' };

    it('matches the raw and the grouped display form', () => {
      expect(findMatchingPassword([other, ITEM], APP_PW)).to.equal(ITEM);
      expect(findMatchingPassword([other, ITEM], 'abcd EFGH 1234 ijkl MNOP 5678')).to.equal(ITEM);
      expect(findMatchingPassword([other, ITEM], 'abcd-EFGH-1234-ijkl-MNOP-5678')).to.equal(ITEM);
    });

    it('returns the first match across hash formats', () => {
      expect(findMatchingPassword([other, phpass, ITEM], APP_PW)).to.equal(phpass);
    });

    it('returns undefined when nothing matches', () => {
      expect(findMatchingPassword([other, ITEM], 'abcdEFGH1234ijklMNOP5679')).to.equal(undefined);
      expect(findMatchingPassword([], APP_PW)).to.equal(undefined);
      expect(findMatchingPassword([{ ...ITEM, password: '' }], '')).to.equal(undefined);
    });
  });
});
