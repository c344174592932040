import { expect } from 'chai';
import { costValues, deriveCurrency, formatCost } from '../../src/text/cost.ts';

const none = { symbol: '', position: '' };

describe('text/cost', () => {
  describe('events.md §4.4 table', () => {
    const rows: { rows: string[]; symbol: string; position: string; cost: string; values: string[] }[] = [
      { rows: [], symbol: '$', position: 'prefix', cost: '', values: [] },
      { rows: ['20$'], symbol: '$', position: 'postfix', cost: '20$', values: ['20'] },
      { rows: ['23'], symbol: '$', position: 'prefix', cost: '$23', values: ['23'] },
      { rows: ['23'], symbol: '', position: '', cost: '$23', values: ['23'] },
      { rows: ['0$', '20$', '30$'], symbol: '$', position: 'postfix', cost: 'Free \u2013 30$', values: ['0', '20', '30'] },
      { rows: ['10 - 20'], symbol: '€', position: 'postfix', cost: '10€ \u2013 20€', values: ['10', '20'] },
      { rows: ['Free'], symbol: '', position: '', cost: 'Free', values: ['free'] },
      { rows: ['25,55'], symbol: '€', position: 'postfix', cost: '25,55€', values: ['25.55'] },
    ];
    for (const row of rows) {
      it(`${JSON.stringify(row.rows)} ${row.symbol || 'none'}/${row.position || 'none'}`, () => {
        expect(formatCost(row.rows, { symbol: row.symbol, position: row.position })).to.equal(row.cost);
        expect(costValues(row.rows)).to.deep.equal(row.values);
      });
    }
  });

  describe('values captured from the real API', () => {
    it('formats the costs of samples 11, 13 and 19 with the default $ prefix', () => {
      expect(formatCost(['10'], none)).to.equal('$10');
      expect(formatCost(['25'], none)).to.equal('$25');
      expect(formatCost(['12'], none)).to.equal('$12');
      expect(costValues(['25'])).to.deep.equal(['25']);
    });
  });

  describe('formatCost', () => {
    it('formats the same costs anew for every other option, however often they were formatted', () => {
      for (let round = 0; round < 2; round++) {
        expect(formatCost(['0', '40'], none)).to.equal('Free \u2013 $40');
        expect(formatCost(['0', '40'], { ...none, free: 'Gratis' })).to.equal('Gratis \u2013 $40');
        expect(formatCost(['0', '40'], { symbol: '€', position: '' })).to.equal('Free \u2013 €40');
        expect(formatCost(['0', '40'], { symbol: '€', position: 'postfix' })).to.equal('Free \u2013 40€');
        expect(formatCost(['0', '40'], { ...none, defaultSymbol: '£' })).to.equal('Free \u2013 £40');
        expect(formatCost(['0', '40'], { ...none, reverseDefault: true })).to.equal('Free \u2013 40$');
        expect(formatCost(['0', '41'], none)).to.equal('Free \u2013 $41');
      }
    });

    it('gives each caller its own list of values', () => {
      costValues(['7', '9']).push('changed');
      expect(costValues(['7', '9'])).to.deep.equal(['7', '9']);
    });

    it('ignores empty rows', () => {
      expect(formatCost(['', ''], none)).to.equal('');
      expect(formatCost(['', '15'], none)).to.equal('$15');
    });

    it('uses the TEC defaults when the event has no currency meta', () => {
      expect(formatCost(['5'], { ...none, defaultSymbol: '£' })).to.equal('£5');
      expect(formatCost(['5'], { ...none, reverseDefault: true })).to.equal('5$');
      expect(formatCost(['5'], { symbol: 'kr', position: 'suffix', reverseDefault: false })).to.equal('5kr');
    });

    it('takes the lowest and highest amounts across rows and ranges', () => {
      expect(formatCost(['30', '5 - 10', '20'], none)).to.equal('$5 \u2013 $30');
      // Equal amounts: the later spelling wins when min/max are picked (TEC quirk).
      expect(formatCost(['10.50', '10.5'], none)).to.equal('$10.5');
    });

    it('calls zero Free', () => {
      expect(formatCost(['0'], none)).to.equal('Free');
      expect(formatCost(['0.00'], none)).to.equal('Free');
      expect(formatCost(['0,00 €'], none)).to.equal('Free');
    });

    it('keeps a single non-numeric cost as it is, HTML-escaped', () => {
      expect(formatCost(['Donation <b>welcome</b>'], none)).to.equal('Donation &lt;b&gt;welcome&lt;/b&gt;');
    });

    it('shows Free when there are only several non-numeric costs', () => {
      expect(formatCost(['Donation', 'Free'], none)).to.equal('Free');
    });

    it('ignores non-numeric tokens when there are numeric ones', () => {
      expect(formatCost(['Free', '10'], none)).to.equal('$10');
    });

    it('leaves out amounts PHP does not read as numbers (comma decimals) once there are several', () => {
      expect(formatCost(['10,50 - 20'], none)).to.equal('$20');
    });

    it('escapes the currency symbol', () => {
      expect(formatCost(['5'], { symbol: '<b>', position: 'prefix' })).to.equal('&lt;b&gt;5');
    });
  });

  describe('costValues', () => {
    it('reads decimal and thousands separators', () => {
      expect(costValues(['23.89'])).to.deep.equal(['23.89']);
      expect(costValues(['23,892'])).to.deep.equal(['23892']);
      expect(costValues(['1.500'])).to.deep.equal(['1.500']);
      expect(costValues(['23,89'])).to.deep.equal(['23.89']);
    });

    it('splits a number with two separators into two tokens (the cost pattern allows one inside)', () => {
      expect(costValues(['23,892.4'])).to.deep.equal(['.4', '23892']);
    });

    it('sorts numerically, slugs counting as 0', () => {
      expect(costValues(['30', 'Free', '5 - 10'])).to.deep.equal(['free', '5', '10', '30']);
    });

    it('keeps the first of equal amounts across rows', () => {
      expect(costValues(['10', '10', '10$'])).to.deep.equal(['10']);
    });
  });

  describe('deriveCurrency (Tribe__Cost_Utils test cases)', () => {
    const cases: [string | string[], { symbol: string; position: 'prefix' | 'postfix' | null } | null][] = [
      ['foo', null],
      ['foo bar', null],
      ['2$', { symbol: '$', position: 'postfix' }],
      ['$2', { symbol: '$', position: 'prefix' }],
      ['$ 2', { symbol: '$', position: 'prefix' }],
      ['2 $', { symbol: '$', position: 'postfix' }],
      ['free, 20$, 30$', { symbol: '$', position: 'postfix' }],
      [['free', '20$', '30$'], { symbol: '$', position: 'postfix' }],
      [['free', '20¥', '30$'], null],
      [['20¥', '30$'], null],
      [['free', '20¥'], { symbol: '¥', position: 'postfix' }],
      [['$20', '30$'], { symbol: '$', position: null }],
      [['$ 20', '$30'], { symbol: '$', position: 'prefix' }],
      [['20$', '30 $'], { symbol: '$', position: 'postfix' }],
      ['25', null],
      ['', null],
      [[], null],
      ['10 - 20 €', null],
    ];
    for (const [input, expected] of cases) {
      it(JSON.stringify(input), () => expect(deriveCurrency(input)).to.deep.equal(expected));
    }
  });
});
