import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiLogin, createPlaceViaApi, shotBoth, signIn, useTempDir } from './fixtures.js';

/**
 * Issue 24: export the places list (its search) as CSV, edit the file, import it back through the
 * modal (mapping guessed, dry run listing an update, a create and a bad row), fix the bad row and
 * apply: the list shows the new place and the changed one.
 */
test.describe('CSV export and import', () => {
  const tmp = useTempDir('safarnama-e2e-csv-');

  test('export the places list and import it back with a new and a changed row', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await apiLogin(request);
    const stamp = Date.now().toString(36);
    const names = {
      country: `Csvland ${stamp}`,
      shortName: 'CV',
      state: `Csv State ${stamp}`,
      place: `Csv Harbour ${stamp}`,
    };
    await createPlaceViaApi(request, token, names);

    await signIn(page);
    await page.goto('/services/addPlaces');
    await expect(page.getByRole('heading', { name: 'Places', level: 1 })).toBeVisible();
    await page.getByPlaceholder(/search/i).fill(stamp);
    await expect(page.locator('tbody tr')).toHaveCount(1);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^places-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = path.join(tmp(), 'places.csv');
    await download.saveAs(exported);
    const text = readFileSync(exported, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('_id,Name,Country,State,Short description');

    // Change the place's description, add a new place and one in a state that does not exist.
    const edited = [
      lines[0],
      (lines[1] ?? '').replace(`${names.place} for end-to-end tests`, 'Changed by CSV'),
      `,Csv Lighthouse ${stamp},${names.country},${names.state},New from CSV,,,true,,`,
      `,Csv Nowhere ${stamp},${names.country},Atlantis,,,,true,,`,
    ].join('\r\n');
    const upload = path.join(tmp(), 'edited.csv');
    writeFileSync(upload, edited);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Choose a CSV file/).setInputFiles(upload);
    await expect(dialog.getByLabel('Field for column Name')).toHaveValue('name');
    await expect(dialog.getByLabel('Field for column Created at')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await expect(dialog.getByText('2 to create · 1 to update · 1 with errors')).toBeVisible();
    await expect(dialog.getByText("State 'Atlantis' not found")).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await shotBoth(page, 'csv-import-dry-run', { fullPage: false });

    // Fix the file (drop the bad row), check again and apply.
    const fixed = path.join(tmp(), 'fixed.csv');
    writeFileSync(fixed, edited.split('\r\n').slice(0, 3).join('\r\n'));
    await dialog.getByLabel(/Choose a CSV file/).setInputFiles(fixed);
    await expect(dialog.getByRole('region', { name: 'Dry run' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await expect(dialog.getByText('1 to create · 1 to update · 0 with errors')).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('Import applied: 1 created, 1 updated')).toBeVisible();
    await shotBoth(page, 'csv-import-applied', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await expect(page.locator('tbody tr')).toHaveCount(2);
    await expect(page.locator('tbody')).toContainText(`Csv Lighthouse ${stamp}`);
    await expect(page.locator('tbody')).toContainText('Changed by CSV');
  });
});
