/**
 * React's server renderer for Node, as the render server runs it, in a page's document.
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act } from '@testing-library/react';
import About, { page } from '../exposes/About';
import { about, contactDetails, stubCms } from '../testing/cms';
import { hydrateInBrowser, renderOnServer } from '@blog/shared/testing/server';

describe('About in the browser', () => {
  it('hydrates the server’s HTML from the embedded reads, without a mismatch or a new read', async () => {
    const fetch = stubCms({ 'about-mes': about, 'contact-details': contactDetails });
    const { html, reads } = await renderOnServer(<About />, page, '/About');
    fetch.mockClear();
    const errors = jest.spyOn(console, 'error');
    const { container, served, root } = await act(() =>
      Promise.resolve(hydrateInBrowser(<About />, { html, reads }, '/About')),
    );
    expect(errors).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    // React kept the server's DOM as it was.
    expect(container.innerHTML).toBe(served);
    act(() => root.unmount());
  });
});
