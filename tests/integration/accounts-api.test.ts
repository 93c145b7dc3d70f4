// POST /api/checkEmail and POST /api/signUp, on every database backend.
import { describe, expect, inject, it } from 'vitest';
import { Visitor, uniqueEmail } from './sites';

const STACK_TRACE = /\bat \S+ \(|node_modules|\.ts:\d+|\.js:\d+/;

describe.each(inject('backends'))('accounts API on $name', ({ url }) => {
  it('checkEmail answers 200 for a new e-mail and 400 once the member exists', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail();
    const before = await visitor.postJson('/api/checkEmail', { email });
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ exists: false, email });

    const joined = await visitor.join(email);
    expect(joined.status).toBe(201);
    expect(await joined.json()).toEqual({ alreadyExists: false, email });

    const after = await visitor.postJson('/api/checkEmail', { email: email.toUpperCase() });
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ exists: true, email });
  });

  it('signUp lower-cases the e-mail and tells an existing member so', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('Mixed.Case');
    const first = await visitor.join(email);
    expect(await first.json()).toEqual({ alreadyExists: false, email: email.toLowerCase() });
    const again = await visitor.join(`  ${email.toUpperCase()} `);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ alreadyExists: true, email: email.toLowerCase() });
  });

  it('two sign-ups at once for one e-mail make one member', async () => {
    const visitor = new Visitor(url);
    const email = uniqueEmail('race');
    const answers = await Promise.all([1, 2, 3, 4].map(() => visitor.join(email).then((r) => r.json())));
    expect(answers.filter((a) => a.alreadyExists === false)).toHaveLength(1);
    expect(answers.filter((a) => a.alreadyExists === true)).toHaveLength(3);
  });

  describe('refuses bad input, stores nothing and leaks nothing', () => {
    const cases: [string, (v: Visitor, email: string) => Promise<Response>, number, RegExp][] = [
      ['a missing phoneNumber', (v, email) => v.postJson('/api/signUp', { email, contact: { firstName: 'A', lastName: 'B', country: 'US' } }), 422, /phoneNumber/],
      ['a missing contact', (v, email) => v.postJson('/api/signUp', { email }), 422, /contact/],
      ['a bad e-mail', (v) => v.postJson('/api/signUp', { email: 'not-an-email', contact: {} }), 422, /email/],
      ['script in a name', (v, email) => v.join(email, { firstName: '<script>alert(1)</script>' }), 422, /firstName/],
      ['wrong types', (v, email) => v.join(email, { phoneNumber: 2125550100, country: ['US'] }), 422, /phoneNumber|country/],
      ['an unknown field', (v, email) => v.postJson('/api/signUp', { email, contact: { firstName: 'A', lastName: 'B', phoneNumber: '+12125550100', country: 'US' }, role: 'admin' }), 422, /role/],
      ['an unknown contact field', (v, email) => v.join(email, { isStaff: true }), 422, /isStaff/],
      ['malformed JSON', (v) => v.postJson('/api/signUp', '{"email": "x@example.com", '), 400, /not valid JSON/],
      ['an oversized body', (v, email) => v.join(email, { firstName: 'A'.repeat(20_000) }), 413, /larger than/],
      ['a form instead of JSON', (v, email) => v.postForm('/api/signUp', { email }), 415, /application\/json/],
      ['the wrong method', (v) => v.request('/api/signUp'), 405, /Use POST/],
    ];

    it.each(cases)('%s', async (_name, send, status, message) => {
      const visitor = new Visitor(url);
      const email = uniqueEmail('bad');
      const res = await send(visitor, email);
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: string };
      expect(body.error).toMatch(message);
      expect(JSON.stringify(body)).not.toMatch(STACK_TRACE);
      // Nothing was stored: the e-mail is still unknown.
      expect((await visitor.postJson('/api/checkEmail', { email })).status).toBe(200);
    });

    it.each([
      ['a bad e-mail', { email: 'nope' }, 422],
      ['a number', { email: 42 }, 422],
      ['an unknown field', { email: 'a@example.com', admin: true }, 422],
      ['no e-mail', {}, 422],
    ])('checkEmail refuses %s', async (_name, body, status) => {
      const res = await new Visitor(url).postJson('/api/checkEmail', body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    });

    it('checkEmail answers malformed JSON with a 400 that does not claim the member exists', async () => {
      const res = await new Visitor(url).postJson('/api/checkEmail', '{oops');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'The request body is not valid JSON', code: 'BAD_REQUEST' });
    });
  });
});
