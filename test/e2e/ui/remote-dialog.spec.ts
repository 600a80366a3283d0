// New session on a remote host, against the in-page API double: the hosts from ~/.ssh/config are
// buttons, and the "Or another host" field holds only what the person types, whenever the list
// arrives (the list once filled the field with its first host, so typing that began as the list
// came in read "boxada@build").
import type { RemoteHost } from '../../../shared/remote';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { expect, test } from './ui-fixtures';

const box: RemoteHost = { location: 'box', fromConfig: true, hostName: '10.0.0.7', user: 'ada', recentFolders: [], connected: false };

test('the host field holds only what is typed; the listed hosts are buttons above it', async ({ ui, page }) => {
  await ui.open({
    ...doubleOptions(snapshotWith([sessionView('a', { cwd: '/home/ada/code/api' })])),
    replies: { 'remote:hosts': [{ ok: true, value: { hosts: [box] } }] },
  });
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByText('Remote host (ssh)').click();
  await expect(dialog.getByRole('region', { name: 'Hosts' }).getByRole('button', { name: /^box ada@10\.0\.0\.7/ })).toBeVisible();

  const field = dialog.getByRole('textbox', { name: 'Or another host' });
  await expect(field).toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Connect', exact: true })).toBeDisabled();
  // Typed key by key, as a person does, into the field the list left alone.
  await field.click();
  await field.pressSequentially('ada@build:2222');
  await expect(field).toHaveValue('ada@build:2222');
  await expect(dialog.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();
});
