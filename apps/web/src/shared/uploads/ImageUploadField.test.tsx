import { UploadLimits } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { ImageUploadField } from './ImageUploadField';

const ID = '6f1c1a52-4d0c-4b8e-9f0e-1a2b3c4d5e6f';

function Form({ initial }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ImageUploadField purpose="kyc" label="front" value={value} onChange={setValue} />
      <output data-testid="value">{value ?? 'none'}</output>
    </>
  );
}

function pickFile(file: File) {
  fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [file] } });
}

const png = (size = 100) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

afterEach(() => vi.unstubAllGlobals());

describe('ImageUploadField', () => {
  it('uploads the picked picture at once as multipart and hands its id to the form', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: ID, url: `/api/uploads/${ID}` })));
    vi.stubGlobal('fetch', fetch);
    renderPage('/form', '/form', <Form />);
    pickFile(png());
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe(ID));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/uploads?purpose=kyc');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    // fetch sets the multipart Content-Type with its boundary itself.
    expect(init.headers).not.toHaveProperty('Content-Type');
    expect(screen.getByTestId('upload-thumbnail').querySelector('img')?.getAttribute('src')).toBe(
      `/api/uploads/${ID}`,
    );
  });

  it('refuses a picture over the limit before sending it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage('/form', '/form', <Form />);
    pickFile(png(UploadLimits.imageMaxBytes + 1));
    expect((await screen.findByTestId('upload-error')).textContent).toMatch(/too large/i);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in words under the picker, and keeps the form's value", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ code: 'UPLOAD_NOT_IMAGE', message: 'x' }), { status: 400 }),
      ),
    );
    renderPage('/form', '/form', <Form />);
    pickFile(new File(['MZ'], 'virus.png', { type: 'image/png' }));
    expect((await screen.findByTestId('upload-error')).textContent).toMatch(/not a picture/i);
    expect(screen.getByTestId('value').textContent).toBe('none');
  });

  it('opens the full-screen viewer from the thumbnail, and removes the picture', async () => {
    const router = renderPage('/form', '/form', <Form initial={ID} />);
    fireEvent.click(screen.getByTestId('upload-thumbnail'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/preview-image'));
    expect(new URLSearchParams(router.state.location.search).getAll('u')).toEqual([`/api/uploads/${ID}`]);
    await router.navigate(-1);
    fireEvent.click(await screen.findByTestId('upload-remove'));
    expect(screen.getByTestId('value').textContent).toBe('none');
  });
});
