// WordPress's argument pipeline: required → validate_callback → type check (conventions.md §1.1).
import { expect } from 'chai';
import { processArgs, type ArgSpecs } from '../../src/api/args.ts';
import { parseValue } from '../../src/api/schema-validation.ts';
import { RestError } from '../../src/domain/errors.ts';

async function failure(specs: ArgSpecs, supplied: Record<string, unknown>): Promise<RestError> {
  try {
    await processArgs(specs, new Map(Object.entries(supplied)), {});
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('argument processing', () => {
  const specs: ArgSpecs = {
    title: { type: 'string', required: true },
    start: { type: 'string', required: true },
    page: { default: 1, type: 'integer', validate: (v) => Number(v) > 0 },
    flag: { type: 'boolean' },
    list: { items: { type: 'integer' }, validate: () => new RestError('custom', 'Custom says no.', { status: 400 }) },
  };

  it('lists missing required parameters in declaration order', async () => {
    const error = await failure(specs, {});
    expect(error.toJSON()).to.deep.equal({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): title, start',
      data: { status: 400, params: ['title', 'start'] },
    });
  });

  it('reports failed validate callbacks with details [] unless one returned an error', async () => {
    const plain = await failure(specs, { title: 'a', start: 'b', page: '0' });
    expect(plain.toJSON()).to.deep.equal({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): page',
      data: { status: 400, params: { page: 'Invalid parameter.' }, details: [] },
    });
    const custom = await failure(specs, { title: 'a', start: 'b', list: 'x' });
    expect(custom.toJSON().data).to.deep.equal({
      status: 400,
      params: { list: 'Custom says no.' },
      details: { list: { code: 'custom', message: 'Custom says no.', data: { status: 400 } } },
    });
  });

  it('reports type failures with rest_invalid_type details', async () => {
    const error = await failure(specs, { title: 'a', start: 'b', flag: 'yes' });
    expect(error.toJSON()).to.deep.equal({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): flag',
      data: {
        status: 400,
        params: { flag: 'flag is not of type boolean.' },
        details: { flag: { code: 'rest_invalid_type', message: 'flag is not of type boolean.', data: { param: 'flag' } } },
      },
    });
  });

  it('coerces values the way WordPress does', async () => {
    const params = await processArgs(specs, new Map<string, unknown>([['title', 'a'], ['start', 'b'], ['page', '3'], ['flag', 'TRUE']]), {});
    expect(params.get('page')).to.equal(3);
    expect(params.get('flag')).to.equal(true);
  });

  it('applies WordPress type rules', () => {
    const ok = (value: unknown, type: 'integer' | 'boolean' | 'string') => !(parseValue(value, { type }, 'x') instanceof RestError);
    expect(ok('5', 'integer')).to.equal(true);
    expect(ok('5.0', 'integer')).to.equal(true);
    expect(ok('5.5', 'integer')).to.equal(false);
    expect(ok('foo', 'integer')).to.equal(false);
    expect(ok('', 'boolean')).to.equal(false);
    expect(ok('0', 'boolean')).to.equal(true);
    expect(ok(1, 'boolean')).to.equal(true);
    expect(ok(5, 'string')).to.equal(false);
    expect(ok(null, 'string')).to.equal(false);
  });

  it('applies the schema keywords with WordPress\'s messages', () => {
    const result = parseValue('sideways', { type: 'string', enum: ['asc', 'desc'] }, 'order');
    expect(result).to.be.instanceOf(RestError);
    expect((result as RestError).message).to.equal('order is not one of asc and desc.');
  });
});
