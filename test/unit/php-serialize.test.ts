import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import {
  formatPhpFloat,
  isSerialized,
  maybeUnserialize,
  phpSerialize,
  phpUnserialize,
  PhpUnserializeError,
  SerializedArray,
} from '../../src/php/serialize.ts';
import { WORDPRESS_DUMP } from '../support/plugin-samples.ts';

// Values copied from a real WordPress/TEC database (wp_options / wp_usermeta).
const TEC_OPTIONS =
  'a:11:{s:8:"did_init";b:1;s:19:"tribeEventsTemplate";s:0:"";s:16:"tribeEnableViews";a:3:{i:0;s:4:"list";i:1;s:5:"month";i:2;s:3:"day";}s:10:"viewOption";s:4:"list";s:14:"schema-version";s:6:"6.0.12";s:27:"recurring_events_are_hidden";s:6:"hidden";s:21:"previous_ecp_versions";a:2:{i:0;s:1:"0";i:1;s:5:"5.1.5";}s:18:"latest_ecp_version";s:6:"6.0.12";s:16:"views_v2_enabled";b:1;s:12:"postsPerPage";i:12;s:16:"monthEventAmount";i:3;}';
const WIDGET = 'a:2:{i:2;a:2:{s:5:"title";s:0:"";s:6:"number";i:5;}s:12:"_multiwidget";i:1;}';
const MIGRATION = 'a:3:{s:18:"complete_timestamp";N;s:5:"phase";s:22:"migration-not-required";s:19:"preview_unsupported";b:0;}';

describe('php/serialize', () => {
  describe('phpSerialize', () => {
    it('writes scalars', () => {
      expect(phpSerialize(null)).to.equal('N;');
      expect(phpSerialize(true)).to.equal('b:1;');
      expect(phpSerialize(false)).to.equal('b:0;');
      expect(phpSerialize(42)).to.equal('i:42;');
      expect(phpSerialize(-7)).to.equal('i:-7;');
      expect(phpSerialize('')).to.equal('s:0:"";');
      expect(phpSerialize('a"b;c')).to.equal('s:5:"a"b;c";');
    });

    it('counts UTF-8 bytes in string lengths', () => {
      expect(phpSerialize('é')).to.equal('s:2:"é";');
      expect(phpSerialize('日本')).to.equal('s:6:"日本";');
      expect(phpSerialize('😀x')).to.equal('s:5:"😀x";');
    });

    it('writes floats like PHP with serialize_precision=-1', () => {
      expect(phpSerialize(0.1)).to.equal('d:0.1;');
      expect(phpSerialize(-1.5)).to.equal('d:-1.5;');
      expect(phpSerialize(1e25)).to.equal('d:1.0E+25;');
      expect(phpSerialize(1.5e25)).to.equal('d:1.5E+25;');
      expect(phpSerialize(0.00001)).to.equal('d:1.0E-5;');
      expect(phpSerialize(0.0001)).to.equal('d:0.0001;');
      expect(phpSerialize(NaN)).to.equal('d:NAN;');
      expect(phpSerialize(-Infinity)).to.equal('d:-INF;');
      expect(formatPhpFloat(123.456)).to.equal('123.456');
      expect(formatPhpFloat(-0)).to.equal('-0');
    });

    it('writes lists with i: keys and maps in insertion order', () => {
      expect(phpSerialize(['a', 'b'])).to.equal('a:2:{i:0;s:1:"a";i:1;s:1:"b";}');
      expect(phpSerialize({ z: 1, a: [true] })).to.equal('a:2:{s:1:"z";i:1;s:1:"a";a:1:{i:0;b:1;}}');
      expect(phpSerialize([])).to.equal('a:0:{}');
      expect(phpSerialize({})).to.equal('a:0:{}');
    });

    it('writes integer-like map keys as i: keys, as PHP stores them', () => {
      expect(phpSerialize({ '2': 'x', '-3': 'y', '07': 'z' })).to.equal(
        'a:3:{i:2;s:1:"x";i:-3;s:1:"y";s:2:"07";s:1:"z";}',
      );
    });

    it('writes the application-password example shape of the spec', () => {
      const value = [
        {
          uuid: '0f8e9c5a-1b2c-4d3e-8f90-a1b2c3d4e5f6',
          app_id: '',
          name: 'wpcal1',
          password: '$generic$5kFnqVB4H8sAaEg-HC4BoAY2wTWniLJdF-mQwkWu',
          created: 1735689600,
          last_used: null,
          last_ip: null,
        },
      ];
      expect(phpSerialize(value)).to.equal(
        'a:1:{i:0;a:7:{s:4:"uuid";s:36:"0f8e9c5a-1b2c-4d3e-8f90-a1b2c3d4e5f6";s:6:"app_id";s:0:"";' +
          's:4:"name";s:6:"wpcal1";s:8:"password";s:49:"$generic$5kFnqVB4H8sAaEg-HC4BoAY2wTWniLJdF-mQwkWu";' +
          's:7:"created";i:1735689600;s:9:"last_used";N;s:7:"last_ip";N;}}',
      );
    });
  });

  describe('phpUnserialize', () => {
    it('reads scalars', () => {
      expect(phpUnserialize('N;')).to.equal(null);
      expect(phpUnserialize('b:1;')).to.equal(true);
      expect(phpUnserialize('b:0;')).to.equal(false);
      expect(phpUnserialize('i:-12;')).to.equal(-12);
      expect(phpUnserialize('d:0.5;')).to.equal(0.5);
      expect(phpUnserialize('d:1.0E+25;')).to.equal(1e25);
      expect(phpUnserialize('d:INF;')).to.equal(Infinity);
      expect(phpUnserialize('d:NAN;')).to.be.NaN;
      expect(phpUnserialize('s:6:"日本";')).to.equal('日本');
      expect(phpUnserialize('s:7:"a";b:"c";')).to.equal('a";b:"c');
    });

    it('reads real WordPress option values', () => {
      expect(phpUnserialize(TEC_OPTIONS)).to.deep.equal({
        did_init: true,
        tribeEventsTemplate: '',
        tribeEnableViews: ['list', 'month', 'day'],
        viewOption: 'list',
        'schema-version': '6.0.12',
        recurring_events_are_hidden: 'hidden',
        previous_ecp_versions: ['0', '5.1.5'],
        latest_ecp_version: '6.0.12',
        views_v2_enabled: true,
        postsPerPage: 12,
        monthEventAmount: 3,
      });
      expect(phpUnserialize(WIDGET)).to.deep.equal({ '2': { title: '', number: 5 }, _multiwidget: 1 });
      expect(phpUnserialize(MIGRATION)).to.deep.equal({
        complete_timestamp: null,
        phase: 'migration-not-required',
        preview_unsupported: false,
      });
    });

    it('maps 0..n-1 keyed arrays to lists and other integer keys to objects', () => {
      expect(phpUnserialize('a:2:{i:0;s:1:"a";i:1;s:1:"b";}')).to.deep.equal(['a', 'b']);
      expect(phpUnserialize('a:1:{i:1;s:1:"b";}')).to.deep.equal({ '1': 'b' });
      expect(phpUnserialize('a:0:{}')).to.deep.equal([]);
    });

    it('preserves the order of string keys', () => {
      expect(Object.keys(phpUnserialize('a:3:{s:1:"z";i:1;s:1:"a";i:2;s:1:"m";i:3;}') as object)).to.deep.equal([
        'z',
        'a',
        'm',
      ]);
    });

    it('round-trips nested values with multibyte strings', () => {
      const value = { title: 'Café ☕', tags: ['naïve', '日本語', ''], meta: { n: 3, f: 2.25, none: null, ok: false } };
      const s = phpSerialize(value);
      expect(s).to.contain('s:9:"Café ☕";').and.contain('s:9:"日本語";');
      expect(phpUnserialize(s)).to.deep.equal(value);
    });

    it('round-trips real values byte for byte', () => {
      for (const s of [TEC_OPTIONS, WIDGET, MIGRATION]) expect(phpSerialize(phpUnserialize(s))).to.equal(s);
    });

    it('round-trips every serialized array in the WordPress schema dump', () => {
      const values = [...readFileSync(WORDPRESS_DUMP, 'utf8').matchAll(/'([abisd]:[0-9]+:(?:[^'\\]|\\.)*)'/g)].map((m) =>
        m[1]!.replace(/\\(.)/g, '$1'),
      );
      expect(values.length).to.be.greaterThan(10);
      for (const s of values) expect(phpSerialize(phpUnserialize(s))).to.equal(s);
    });

    it('throws a PhpUnserializeError on malformed input', () => {
      const bad = [
        '',
        's:5:"é";',
        's:2:"é"',
        'i:1',
        'i:x;',
        'b:2;',
        'a:2:{i:0;i:1;}',
        'a:1:{d:0.5;i:1;}',
        'O:8:"stdClass":0:{}',
        'x:1;',
        'N;junk',
      ];
      for (const s of bad) expect(() => phpUnserialize(s), s).to.throw(PhpUnserializeError, /Malformed PHP serialized data/);
    });
  });

  describe('maybeUnserialize / isSerialized', () => {
    it('returns non-serialized strings unchanged', () => {
      for (const s of ['', 'hello', '12', 'a:b', 'i:5', 's:1:"a"', 'd:NAN;']) expect(maybeUnserialize(s)).to.equal(s);
    });

    it('unserializes serialized strings, trimming whitespace', () => {
      expect(maybeUnserialize('  a:1:{s:6:"editor";b:1;}\n')).to.deep.equal({ editor: true });
      expect(maybeUnserialize('N;')).to.equal(null);
      expect(maybeUnserialize('i:5;')).to.equal(5);
    });

    it('yields false for serialized-looking but broken data, like PHP', () => {
      expect(isSerialized('s:9:"short";')).to.equal(true);
      expect(maybeUnserialize('s:9:"short";')).to.equal(false);
      expect(maybeUnserialize('O:8:"stdClass":0:{}')).to.equal(false);
    });

    it('ignores trailing data after a valid value, like PHP', () => {
      expect(maybeUnserialize('s:1:"a";junk";')).to.equal('a');
    });
  });

  describe('SerializedArray', () => {
    // Entries PHP wrote that phpSerialize would write otherwise: a 17-digit float, an integer key
    // before a string key, a key and a value of several UTF-8 bytes.
    const STORED = 'a:4:{s:2:"pi";d:3.1415926535897931;i:7;a:1:{i:0;s:1:"x";}s:4:"clé";s:5:"été";s:4:"last";b:0;}';

    it('writes back what it read, byte for byte', () => {
      expect(SerializedArray.parse(STORED)!.toString()).to.equal(STORED);
      expect(SerializedArray.parse(TEC_OPTIONS)!.toString()).to.equal(TEC_OPTIONS);
    });

    it('sets a key in its place, appends a new one, deletes one, and leaves the other entries as stored', () => {
      const array = SerializedArray.parse(STORED)!;
      array.set('clé', 'hiver').set('markers', [12]).delete('last');
      expect(array.toString()).to.equal('a:4:{s:2:"pi";d:3.1415926535897931;i:7;a:1:{i:0;s:1:"x";}s:4:"clé";s:5:"hiver";s:7:"markers";a:1:{i:0;i:12;}}');
      expect(array.keys()).to.deep.equal(['pi', '7', 'clé', 'markers']);
    });

    it('reads values and keys', () => {
      const array = SerializedArray.parse(STORED)!;
      expect(array.get('clé')).to.equal('été');
      expect(array.get('7')).to.deep.equal(['x']);
      expect(array.get('missing')).to.equal(undefined);
      expect(array.has('last')).to.equal(true);
    });

    it('starts empty from an empty string and refuses anything but one array', () => {
      expect(SerializedArray.parse('')!.set('a', 1).toString()).to.equal('a:1:{s:1:"a";i:1;}');
      for (const other of ['s:1:"a";', 'i:1;', 'a:1:{i:0;i:1;}x', 'a:1:{i:0;O:8:"stdClass":0:{}}', 'a:2:{i:0;i:1;}', 'not serialized']) {
        expect(SerializedArray.parse(other), other).to.equal(null);
      }
    });
  });
});
