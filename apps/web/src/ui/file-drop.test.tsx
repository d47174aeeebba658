import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { acceptsFile, FileDrop, fileRefusal } from './file-drop';

const ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

afterEach(cleanup);

describe('FileDrop', () => {
  it('takes a file of the accepted types within the size, and says why it refuses another', () => {
    expect(acceptsFile(ACCEPT, { type: 'image/png' })).toBe(true);
    expect(acceptsFile(ACCEPT, { type: '', name: 'FOTO.JPG' })).toBe(true);
    expect(acceptsFile(ACCEPT, { type: 'text/plain', name: 'notas.txt' })).toBe(false);
    expect(fileRefusal(ACCEPT, 10, file('a.png', 'image/png', 10))).toBeNull();
    expect(fileRefusal(ACCEPT, 10, file('a.png', 'image/png', 11))).toBe('too-large');
    expect(fileRefusal(ACCEPT, 10, file('a.txt', 'text/plain', 1))).toBe('type');
  });

  it('is a button that opens the file dialog by keyboard, and hands over only an accepted file', () => {
    const onFile = vi.fn();
    const onRefuse = vi.fn();
    render(
      <FileDrop accept={ACCEPT} maxBytes={100} onFile={onFile} onRefuse={onRefuse} inputLabel="Logo">
        {(state) => <span>Arraste aqui ({state})</span>}
      </FileDrop>,
    );
    const zone = screen.getByRole('button', { name: /Arraste aqui/ });
    const input = screen.getByLabelText<HTMLInputElement>('Logo');
    const opened = vi.spyOn(input, 'click');
    zone.focus();
    fireEvent.keyDown(zone, { key: 'Enter' });
    fireEvent.keyDown(zone, { key: ' ' });
    expect(opened).toHaveBeenCalledTimes(2);

    fireEvent.change(input, { target: { files: [file('grande.png', 'image/png', 101)] } });
    fireEvent.change(input, { target: { files: [file('notas.txt', 'text/plain', 5)] } });
    expect(onRefuse.mock.calls).toEqual([['too-large'], ['type']]);
    expect(onFile).not.toHaveBeenCalled();
    const good = file('logo.png', 'image/png', 50);
    fireEvent.drop(zone, { dataTransfer: { files: [good], items: [] } });
    expect(onFile).toHaveBeenCalledWith(good);
  });

  it('says while a file is dragged over it whether it would take it', () => {
    render(
      <FileDrop accept={ACCEPT} maxBytes={100} onFile={vi.fn()} onRefuse={vi.fn()} inputLabel="Logo">
        {(state) => <span>estado: {state}</span>}
      </FileDrop>,
    );
    const zone = screen.getByRole('button');
    fireEvent.dragOver(zone, { dataTransfer: { items: [{ kind: 'file', type: 'image/png' }] } });
    expect(screen.getByText('estado: accept')).toBeTruthy();
    fireEvent.dragOver(zone, { dataTransfer: { items: [{ kind: 'file', type: 'application/pdf' }] } });
    expect(screen.getByText('estado: reject')).toBeTruthy();
    fireEvent.dragLeave(zone);
    expect(screen.getByText('estado: idle')).toBeTruthy();
  });
});
