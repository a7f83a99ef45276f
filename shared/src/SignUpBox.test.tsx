/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { SignUpBox } from './SignUpBox';

describe('SignUpBox', () => {
  it('shows the spec’s label and button text, as text that invites no input', () => {
    const { container } = render(<SignUpBox />);
    expect(screen.getByText('YOUR EMAIL ADDRESS')).toBeInTheDocument();
    expect(screen.getByText('SING UP')).toBeInTheDocument();
    expect(container.querySelector('input, button, a, form')).toBeNull();
  });
});
