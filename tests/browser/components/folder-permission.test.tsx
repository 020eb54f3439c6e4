/**
 * The panel's folder prompt: shown, with the folder's name, only when Chrome says the stored folder needs the
 * user's permission again; its button asks Chrome (requestPermission) and the prompt goes once granted.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FolderPermission } from '../../../components/sidepanel/FolderPermission';
import { openFolderStore } from '../../../lib/storage/folder-store';

const root = document.body.appendChild(document.createElement('div'));
const NAME = `permission-${crypto.randomUUID()}`;
type WithPermissions = { queryPermission(): Promise<PermissionState>; requestPermission(): Promise<PermissionState> };
const proto = FileSystemHandle.prototype as unknown as WithPermissions;

afterEach(async () => {
  render(null, root);
  vi.restoreAllMocks();
  await openFolderStore().clear();
});

async function pickFolder() {
  const handle = await (await navigator.storage.getDirectory()).getDirectoryHandle(NAME, { create: true });
  await openFolderStore().set(handle, 1);
}

describe('folder permission prompt', () => {
  it('asks again when Chrome withdrew the permission, and goes once the user allowed it', async () => {
    await pickFolder();
    let state: PermissionState = 'prompt';
    vi.spyOn(proto, 'queryPermission').mockImplementation(async () => state);
    const request = vi.spyOn(proto, 'requestPermission').mockImplementation(async () => (state = 'granted'));
    render(<FolderPermission checkAfter={0} />, root);
    await vi.waitFor(() => expect(root.querySelector('.folder-permission')).not.toBeNull());
    expect(root.querySelector('.folder-permission p')!.textContent).toBe(
      `Tabwise needs your permission to read the folder “${NAME}” again.`,
    );
    root.querySelector<HTMLButtonElement>('.folder-permission button')!.click();
    await vi.waitFor(() => expect(root.querySelector('.folder-permission')).toBeNull());
    expect(request).toHaveBeenCalledWith({ mode: 'read' });
  });

  it('shows nothing while the permission holds, or with no folder', async () => {
    render(<FolderPermission checkAfter={0} />, root);
    await new Promise((r) => setTimeout(r, 300));
    expect(root.innerHTML).toBe('');
    await pickFolder();
    render(<FolderPermission checkAfter={1} />, root);
    await new Promise((r) => setTimeout(r, 300));
    expect(root.innerHTML).toBe('');
  });
});
