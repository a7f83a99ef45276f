import { socialLinks } from './social';

const details = {
  Facebook_url: 'https://facebook.com/author',
  x_url: 'https://x.com/author',
  linkedin_url: 'https://linkedin.com/in/author',
  instagram_url: 'https://instagram.com/author',
};

describe('socialLinks', () => {
  it('lists every profile in a fixed order, named for visitors', () => {
    expect(socialLinks(details)).toEqual([
      { network: 'facebook', label: 'Facebook', href: 'https://facebook.com/author' },
      { network: 'x', label: 'X', href: 'https://x.com/author' },
      { network: 'linkedin', label: 'LinkedIn', href: 'https://linkedin.com/in/author' },
      { network: 'instagram', label: 'Instagram', href: 'https://instagram.com/author' },
    ]);
  });

  it('leaves out empty and unsafe addresses', () => {
    const links = socialLinks({ ...details, Facebook_url: null, x_url: ' ', instagram_url: 'javascript:alert(1)' });
    expect(links.map(({ label }) => label)).toEqual(['LinkedIn']);
  });

  it('is empty without contact details', () => {
    expect(socialLinks(null)).toEqual([]);
  });
});
