import { render, screen } from '@testing-library/react';
import { COVER, DETAILS } from '../testing/cms';
import { ContactInfo } from './ContactInfo';

const details = { ...DETAILS, x_url: 'javascript:alert(1)' };

describe('the contact information', () => {
  it('shows the title and intro, writes and calls the author, and links the safe social profiles', () => {
    render(<ContactInfo cover={COVER} details={details} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeInTheDocument();
    expect(screen.getByText('I read every message that arrives here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'author@example.test' })).toHaveAttribute(
      'href',
      'mailto:author@example.test',
    );
    expect(screen.getByRole('link', { name: '+57 605 358 2741' })).toHaveAttribute('href', 'tel:+576053582741');

    const socials = screen.getByRole('navigation', { name: 'Social links' });
    expect(socials).toHaveTextContent('FacebookLinkedIn');
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/author',
    );
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'X' })).not.toBeInTheDocument();
  });

  it.each([
    ['while loading', undefined],
    ['when the CMS could not be read', null],
  ])('shows nothing %s', (_case, empty) => {
    const { container } = render(<ContactInfo cover={empty} details={empty} />);
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
