/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { Markup } from './Markup';

describe('Markup', () => {
  it('renders each heading level, quotes, paragraphs and breaks', () => {
    const { container } = render(<Markup text={'# One\n## Two\n### Three\n#### Four\n##### Five\n> Said\n\nLast'} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('One');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Two');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent('Three');
    expect(screen.getByRole('heading', { level: 4 })).toHaveTextContent('Four');
    expect(screen.queryByRole('heading', { level: 5 })).not.toBeInTheDocument();
    expect(screen.getByText('##### Five').tagName).toBe('P');
    expect(container.querySelector('blockquote')).toHaveTextContent(/^Said$/);
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByText('Last').tagName).toBe('P');
  });

  it('opens absolute links in a new window without giving it the page', () => {
    render(<Markup text="Read [the report](https://example.com/report) or [sources](#sources)." />);
    const report = screen.getByRole('link', { name: 'the report' });
    expect(report).toHaveAttribute('href', 'https://example.com/report');
    expect(report).toHaveAttribute('target', '_blank');
    expect(report).toHaveAttribute('rel', 'noopener noreferrer');
    const sources = screen.getByRole('link', { name: 'sources' });
    expect(sources).toHaveAttribute('href', '#sources');
    expect(sources).not.toHaveAttribute('target');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,hi',
    'vbscript:msgbox(1)',
  ])('never makes a link of %p', (target) => {
    const { container } = render(<Markup text={`Click [here](${target}) now`} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent('Click here now');
  });

  it('shows HTML in the text as text', () => {
    const { container } = render(<Markup text={'<script>alert(1)</script> <img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('p')).toHaveTextContent('<script>alert(1)</script> <img src=x onerror=alert(1)>');
  });

  it('renders bold as strong text in paragraphs, headings and quotes, links inside it kept', () => {
    const { container } = render(
      <Markup
        text={'## The **real** cost\nA **bold** claim, **see [the report](https://example.com/r)**\n> **Never** trust'}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).querySelector('strong')).toHaveTextContent(/^real$/);
    expect(container.querySelector('p strong')).toHaveTextContent(/^bold$/);
    const link = screen.getByRole('link', { name: 'the report' });
    expect(link.closest('strong')).toHaveTextContent(/^see the report$/);
    expect(container.querySelector('blockquote strong')).toHaveTextContent(/^Never$/);
    expect(container.querySelectorAll('strong')).toHaveLength(4);
    expect(container).not.toHaveTextContent('**');
  });

  it('shows unbalanced bold markup as written', () => {
    const { container } = render(<Markup text="A **bold claim" />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container).toHaveTextContent('A **bold claim');
  });

  it('passes the class name on', () => {
    const { container } = render(<Markup text="Body" className="article-body" />);
    expect(container.firstElementChild).toHaveClass('article-body');
  });

  it.each([null, undefined, '', '\n'])('renders nothing for %p', (text) => {
    const { container } = render(<Markup text={text} />);
    expect(container).toBeEmptyDOMElement();
  });
});
