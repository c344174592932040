import { expect } from 'chai';
import { EncodedJson, phpJsonEncode, phpJsonPieces, piecesBytes, piecesLength } from '../../src/php/json-encode.ts';

const phpJsonBytes = (value: unknown, pretty = false) => piecesBytes(phpJsonPieces(value, pretty));

const event = (id: number) => ({ id, title: `Caf\u00e9 <b>${id}</b> / Jazz \u{1F3B7}`, url: 'https://example.org/event/x/' });

describe('phpJsonEncode and phpJsonPieces', () => {
  it('write what PHP json_encode writes: slashes and every non-ASCII character escaped', () => {
    expect(phpJsonEncode(event(1))).to.equal('{"id":1,"title":"Caf\\u00e9 <b>1<\\/b> \\/ Jazz \\ud83c\\udfb7","url":"https:\\/\\/example.org\\/event\\/x\\/"}');
    expect(phpJsonBytes(event(1)).toString('latin1')).to.equal(phpJsonEncode(event(1)));
  });

  it('put kept encodings in as they are, at every slotted depth, the same as the values they encode', () => {
    const plain = { events: [event(1), event(2)], first: event(3), nested: { deeper: event(4) }, total: 2, rest_url: 'https://example.org/a/' };
    const kept = (id: number) => EncodedJson.of(event(id));
    const withKept = { events: [kept(1), kept(2)], first: kept(3), nested: { deeper: kept(4) }, total: 2, rest_url: 'https://example.org/a/' };
    const expected = phpJsonEncode(plain);
    expect(phpJsonEncode(withKept)).to.equal(expected);
    const bytes = phpJsonBytes(withKept);
    expect(bytes.toString('latin1')).to.equal(expected);
    expect(bytes.length).to.equal(Buffer.byteLength(expected));
    expect(JSON.parse(bytes.toString('utf8'))).to.deep.equal(plain);
  });

  it('give kept encodings as their own bytes between pieces of text, and count the bytes of all', () => {
    const first = EncodedJson.of(event(1));
    const second = EncodedJson.of(event(2));
    const pieces = phpJsonPieces({ events: [first, second], total: 2 });
    expect(pieces).to.have.length(5);
    expect(pieces[1], 'the kept bytes themselves, not a copy').to.equal(first.bytes);
    expect(pieces[2]).to.equal(',');
    expect(pieces[3]).to.equal(second.bytes);
    const alone = phpJsonPieces(first);
    expect(alone, 'no empty text around it').to.have.length(1);
    expect(alone[0]).to.equal(first.bytes);
    expect(pieces.filter((piece) => typeof piece === 'string').join('')).to.equal('{"events":[,],"total":2}');
    const joined = piecesBytes(pieces);
    expect(piecesLength(pieces)).to.equal(joined.length);
    expect(joined.toString('latin1')).to.equal(phpJsonEncode({ events: [event(1), event(2)], total: 2 }));
    expect(piecesBytes(['{}']).buffer.byteLength, 'not a slice of a shared pool').to.equal(2);
    expect(phpJsonPieces({ a: '/' })).to.deep.equal(['{"a":"\\/"}']);
  });

  it('write kept encodings deeper than the slots, and pretty text, through their values', () => {
    const deep = { a: { b: { c: { d: EncodedJson.of({ x: '/' }) } } } };
    expect(phpJsonBytes(deep).toString('latin1')).to.equal('{"a":{"b":{"c":{"d":{"x":"\\/"}}}}}');
    expect(phpJsonBytes({ e: [EncodedJson.of({ x: 1 })] }, true).toString('latin1')).to.equal('{\n    "e": [\n        {\n            "x": 1\n        }\n    ]\n}');
  });

  it('keep an encoding as bytes of its own, one a character, and give its text back', () => {
    const kept = EncodedJson.of({ id: 7, title: 'Caf\u00e9 \u{1F3B7}' });
    const text = '{"id":7,"title":"Caf\\u00e9 \\ud83c\\udfb7"}';
    expect(kept.bytes.buffer.byteLength, 'not a slice of a shared pool').to.equal(text.length);
    expect(kept.json).to.equal(text);
    expect(kept.toJSON()).to.deep.equal({ id: 7, title: 'Caf\u00e9 \u{1F3B7}' });
    expect(EncodedJson.of({ a: [EncodedJson.of({ x: '/' })] }).json, 'one kept inside').to.equal('{"a":[{"x":"\\/"}]}');
  });
});
