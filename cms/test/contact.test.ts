import { author } from './support/author';
import { expectStrapiError, request, type StrapiAnswer } from './support/http';

const message = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@example.test',
  phone: '+57 3001234567',
  message: 'Could we talk about your procurement piece?',
};

describe('contact messages', () => {
  it('stores a message for the author', async () => {
    const answer = await request('/api/contact-me-forms', { method: 'POST', body: { data: message } });
    expect(answer.status).toBe(200);
    const stored = await author.listContactMessages();
    expect(stored).toEqual(expect.arrayContaining([expect.objectContaining(message)]));
  });

  it('cannot be listed or read by the public', async () => {
    const { body } = await request<StrapiAnswer<{ documentId: string }>>('/api/contact-me-forms', {
      method: 'POST',
      body: { data: message },
    });
    for (const path of ['/api/contact-me-forms', `/api/contact-me-forms/${body.data.documentId}`]) {
      const answer = await request(path);
      expect([403, 404, 405]).toContain(answer.status);
      expect(JSON.stringify(answer.body)).not.toContain(message.email);
    }
  });

  it('refuses unknown fields and overlong text with 400', async () => {
    expectStrapiError(
      await request('/api/contact-me-forms', { method: 'POST', body: { data: { ...message, admin: true } } }),
      400,
    );
    expectStrapiError(
      await request('/api/contact-me-forms', { method: 'POST', body: { data: { ...message, phone: '1'.repeat(41) } } }),
      400,
    );
  });
});
