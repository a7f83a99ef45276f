/**
 * React's server renderer for Node, as the render server runs it, in a page's document.
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { act } from '@testing-library/react';
import StartHere, { page } from '../exposes/StartHere';
import { startHere, stubCms } from '../testing/cms';
import { hydrateInBrowser, renderOnServer } from '@blog/shared/testing/server';

describe('Start here in the browser', () => {
  it('hydrates the server’s HTML from the embedded read, without a mismatch or a new read', async () => {
    const fetch = stubCms({ 'new-start-heres': startHere });
    const { html, reads } = await renderOnServer(<StartHere />, page, '/New-start-here');
    fetch.mockClear();
    const errors = jest.spyOn(console, 'error');
    const { container, served, root } = await act(() =>
      Promise.resolve(hydrateInBrowser(<StartHere />, { html, reads }, '/New-start-here')),
    );
    expect(errors).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    // React kept the server's DOM as it was.
    expect(container.innerHTML).toBe(served);
    act(() => root.unmount());
  });
});
