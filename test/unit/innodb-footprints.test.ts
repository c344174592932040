// What a transaction surely added to MariaDB's transaction counter, from its statements' text and
// answers: 0 with nothing that writes or locks, 2 once a row changed, unknown otherwise.
import { expect } from 'chai';
import { InnodbFootprints, TransactionFootprint, statementKind } from '../../src/data/innodb-footprints.ts';

describe('InnoDB footprints', () => {
  it('tells statements that may write or lock from those that cannot, by their text', () => {
    const kinds = Object.fromEntries([
      'select * from `wp_posts` where `ID` = ?',
      '/* together */ select 1;\nselect 2',
      'select `ID` from `wp_posts` where `ID` in (?) for update',
      '/* together */ select 1;\nselect `ID` from `wp_posts` for update',
      'SELECT ID FROM wp_posts LOCK IN SHARE MODE',
      'select 1 for share',
      'SHOW GLOBAL STATUS LIKE ?',
      'set session transaction isolation level read committed',
      'begin', 'START TRANSACTION WITH CONSISTENT SNAPSHOT', 'commit', 'rollback', 'savepoint sp1', 'rollback to savepoint sp1', 'release savepoint sp1',
      'COMMIT AND CHAIN', 'SET autocommit = 0', 'BEGIN WORK',
      'insert into `wp_posts` (`post_title`) values (?)',
      '/* queued */ update `wp_postmeta` set `meta_value` = ? where `meta_id` = ?',
      'delete from `wp_postmeta` where `post_id` = ?',
      'replace into `wp_options` (`option_name`) values (?)',
      'insert into `wp_options` (`option_name`) values (?) on duplicate key update `option_value` = ?',
      'create table `wp_x` (id int)',
      'ALTER TABLE wp_posts ADD INDEX i (post_type)',
      'truncate `wp_x`',
    ].map((sql) => [sql, statementKind(sql)]));
    expect(kinds).to.deep.equal({
      'select * from `wp_posts` where `ID` = ?': 'neutral',
      '/* together */ select 1;\nselect 2': 'neutral',
      'select `ID` from `wp_posts` where `ID` in (?) for update': 'writes',
      '/* together */ select 1;\nselect `ID` from `wp_posts` for update': 'writes',
      'SELECT ID FROM wp_posts LOCK IN SHARE MODE': 'writes',
      'select 1 for share': 'writes',
      'SHOW GLOBAL STATUS LIKE ?': 'neutral',
      'set session transaction isolation level read committed': 'neutral',
      begin: 'neutral',
      'START TRANSACTION WITH CONSISTENT SNAPSHOT': 'neutral',
      commit: 'neutral',
      rollback: 'neutral',
      'savepoint sp1': 'neutral',
      'rollback to savepoint sp1': 'neutral',
      'release savepoint sp1': 'neutral',
      'COMMIT AND CHAIN': 'unknown',
      'SET autocommit = 0': 'unknown',
      'BEGIN WORK': 'neutral',
      'insert into `wp_posts` (`post_title`) values (?)': 'writes',
      '/* queued */ update `wp_postmeta` set `meta_value` = ? where `meta_id` = ?': 'writes',
      'delete from `wp_postmeta` where `post_id` = ?': 'writes',
      'replace into `wp_options` (`option_name`) values (?)': 'writes',
      'insert into `wp_options` (`option_name`) values (?) on duplicate key update `option_value` = ?': 'unknown',
      'create table `wp_x` (id int)': 'unknown',
      'ALTER TABLE wp_posts ADD INDEX i (post_type)': 'unknown',
      'truncate `wp_x`': 'unknown',
    });
  });

  it('is sure of 0 without a write or a lock, of 2 once a row changed, and of nothing else', () => {
    const added = (...steps: ((footprint: TransactionFootprint) => void)[]) => {
      const footprint = new TransactionFootprint();
      for (const step of steps) step(footprint);
      return footprint.added;
    };
    const read = (f: TransactionFootprint) => f.answered('select 1', [{ 1: 1 }]);
    const inserted = (f: TransactionFootprint) => f.answered('insert into t values (?)', { affectedRows: 1, insertId: 5 });
    const ignored = (f: TransactionFootprint) => f.answered('insert ignore into t values (?)', { affectedRows: 0 });
    // mysql2 counts the rows an UPDATE found as affected; only the changed ones changed.
    const foundUnchanged = (f: TransactionFootprint) => f.answered('update t set v = ?', { affectedRows: 1, changedRows: 0 });
    const updated = (f: TransactionFootprint) => f.answered('/* queued */ update t set v = ?', { affectedRows: 1, changedRows: 1 });
    const deletedNone = (f: TransactionFootprint) => f.answered('delete from t where id = ?', { affectedRows: 0 });
    const deleted = (f: TransactionFootprint) => f.answered('delete from t where id = ?', { affectedRows: 2 });
    const locked = (f: TransactionFootprint) => f.answered('select id from t for update', [{ id: 1 }]);
    expect({
      nothing: added(),
      reads: added(read, read),
      inserted: added(read, inserted),
      updated: added(foundUnchanged, updated),
      deleted: added(deleted),
      'found, unchanged': added(foundUnchanged),
      'insert ignored': added(ignored),
      'deleted none': added(deletedNone),
      locked: added(locked),
      'locked, then inserted': added(locked, inserted),
      'failed after a change': added(inserted, (f) => f.failed(['select 1'])),
      'a write that failed': added(read, (f) => f.failed(['/* queued */ insert into t values (?)', 'select 1'])),
      'a read that failed': added(read, (f) => f.failed(['select * from information_schema.INNODB_TRX'])),
      abandoned: added(read, (f) => f.abandoned()),
      'rolled back after a change': added(inserted, (f) => f.rolledBack()),
      'rolled back after reads': added(read, (f) => f.rolledBack()),
      'DDL': added((f) => f.answered('create table x (id int)', {})),
    }).to.deep.equal({
      nothing: 0,
      reads: 0,
      inserted: 2,
      updated: 2,
      deleted: 2,
      'found, unchanged': null,
      'insert ignored': null,
      'deleted none': null,
      locked: null,
      'locked, then inserted': 2,
      'failed after a change': null,
      'a write that failed': null,
      'a read that failed': 0,
      abandoned: null,
      'rolled back after a change': null,
      'rolled back after reads': 0,
      'DDL': null,
    });
  });

  it('adds up what ended, counts the unknown apart, and moves as anything opens or closes', () => {
    const footprints = new InnodbFootprints();
    footprints.opened();
    footprints.opened();
    expect(footprints.snapshot()).to.deep.equal({ units: 0, uncertain: 0, open: 2, moves: 2 });
    footprints.closed(2);
    footprints.closed(null);
    expect(footprints.snapshot()).to.deep.equal({ units: 2, uncertain: 1, open: 0, moves: 4 });
  });
});
