import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 11, the purchase order screens end to end across the parties' own sessions: the MRO's store
// manager starts an order from the Ikeja store's low-stock items, adds an item of the supplier's
// pricebook and submits it; the MRO approves it at its level on the Approval list; the supplier, on a
// phone, accepts it and dispatches it in two deliveries (asking for more than ordered is refused next
// to the line); the store manager confirms both from Supply Confirmation, and the stock of the
// warehouse rises by what arrived, into the very items that were low; the printed order shows both
// parties, the lines and who approved it, without the app around it.

const STORE = 'store@amp.test';
const MRO = 'mro@amp.test';
const SUPPLIER = 'supplier@amp.test';

async function party(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

async function headersOf(request: APIRequestContext, email: string) {
  const login = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

interface Item {
  _id: string;
  name: string;
  quantity: number;
  low: boolean;
}

async function ikejaStock(request: APIRequestContext) {
  const headers = await headersOf(request, STORE);
  const warehouses = (await (await request.get('/v2/warehouse', { headers })).json()) as { data: { _id: string; name: string }[] };
  const ikeja = warehouses.data.find((warehouse) => warehouse.name === 'Ikeja Central Store')!;
  const items = (await (await request.get(`/v2/warehouse/${ikeja._id}/items`, { headers, params: { pageSize: 100 } })).json()) as {
    data: Item[];
  };
  return { ikeja, items: items.data };
}

test('a purchase order from the low-stock list: approved, accepted, dispatched twice, received twice, the stock risen', async ({
  browser,
  request,
}) => {
  // Four parties' sessions through eight steps: longer than one page's test on a busy machine.
  test.setTimeout(180_000);
  const before = await ikejaStock(request);
  const low = before.items.filter((item) => item.low);
  expect(low.length).toBeGreaterThan(0);
  const title = `Restock Ikeja (e2e ${Date.now()})`;

  // The store manager: the low items are lines already; the supplier and a pricebook item are added.
  const store = await party(browser, STORE);
  await store.page.goto(`/purchase-order/new?warehouse=${before.ikeja._id}&items=${low.map((item) => item._id).join(',')}`);
  const lineNames = store.page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(lineNames).toHaveCount(low.length);
  expect(await lineNames.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(
    low.map((item) => item.name),
  );
  await expect(store.page.getByRole('combobox', { name: 'Deliver to warehouse' })).toHaveValue('Ikeja Central Store');
  await store.page.getByRole('combobox', { name: 'Supplier' }).fill('Delta');
  await store.page.getByRole('option', { name: /Delta Spares/ }).click();
  await store.page.getByLabel('Title').fill(title);
  await store.page.getByRole('button', { name: 'Add from pricebook' }).click();
  await store.page.getByRole('button', { name: 'Add Diesel generator oil filter' }).click();
  await store.page.getByRole('button', { name: 'Done' }).click();
  await store.page.getByRole('textbox', { name: 'Quantity', exact: true }).last().fill('6');
  // The total climbs the MRO's one purchase order level.
  await expect(store.page.getByText('This total needs 1 approval:')).toBeVisible();
  await store.page.getByRole('button', { name: 'Submit' }).click();
  await expect(store.page).toHaveURL(/\/purchase-order\/[0-9a-f-]{36}$/);
  const orderUrl = new URL(store.page.url()).pathname;
  // The header's code (the page's other sections have level-2 headings too, and may render first).
  const code = (await store.page.getByRole('heading', { level: 2, name: /^PO-\d{6}$/ }).innerText()).trim();
  await expect(store.page.getByText('Awaiting approval').first()).toBeVisible();

  // The MRO approves it from its Approval list.
  const mro = await party(browser, MRO);
  await mro.page.goto('/purchase-order/approval');
  await mro.page.getByRole('button', { name: `Approve ${code}` }).click();
  await mro.page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(mro.page.getByText('The purchase order has been sent to the supplier')).toBeVisible();

  // The supplier, on a phone: Incoming, accept, then a first delivery (too many first).
  const supplier = await party(browser, SUPPLIER, { width: 375, height: 740 });
  await supplier.page.goto('/purchase-order/incoming');
  await supplier.page.getByRole('link', { name: `Open purchase order ${code}` }).click();
  await supplier.page.getByRole('button', { name: 'Accept' }).click();
  await supplier.page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await supplier.page.getByRole('button', { name: 'Dispatch' }).click();
  const delivery = supplier.page.getByRole('dialog');
  const oilFilter = delivery.getByRole('textbox', { name: /Diesel generator oil filter/ });
  await oilFilter.fill('7');
  await delivery.getByRole('button', { name: 'Record delivery' }).click();
  await expect(delivery.getByText('Only 6 of Diesel generator oil filter are left to dispatch')).toBeVisible();
  await oilFilter.fill('4');
  await delivery.getByLabel('Delivery note').fill('Waybill 1: four oil filters, two to follow');
  await delivery.getByRole('button', { name: 'Record delivery' }).click();
  await expect(delivery).toBeHidden();
  await expect(supplier.page.getByRole('region', { name: 'Deliveries (1)' })).toContainText('Waybill 1');

  // The store manager confirms what arrived, from Supply Confirmation.
  await store.page.goto('/purchase-order/confirmation/supply');
  await store.page.getByRole('button', { name: `Confirm supply of ${code}` }).click();
  const receipt = store.page.getByRole('dialog');
  await expect(receipt.getByRole('textbox', { name: /Diesel generator oil filter/ })).toHaveValue('4');
  await receipt.getByRole('button', { name: 'Confirm supply' }).click();
  await expect(receipt).toBeHidden();
  await expect(store.page.getByText('Nothing to receive')).toBeVisible();

  // The store manager keeps the order's page open while the second delivery, the rest, is made.
  await store.page.goto(orderUrl);
  await expect(store.page.getByRole('region', { name: 'Receipts (1)' })).toBeVisible();
  await supplier.page.reload();
  await supplier.page.getByRole('button', { name: 'Dispatch' }).click();
  await expect(supplier.page.getByRole('dialog').getByRole('textbox', { name: /Diesel generator oil filter/ })).toHaveValue('2');
  await supplier.page.getByRole('dialog').getByRole('button', { name: 'Record delivery' }).click();
  await expect(supplier.page.getByRole('dialog')).toBeHidden();

  // The open page took the delivery in live (no reload): confirmed from it, the order closes by itself.
  await store.page.getByRole('button', { name: 'Confirm supply' }).click();
  await expect(store.page.getByRole('dialog').getByRole('textbox', { name: /Diesel generator oil filter/ })).toHaveValue('2');
  await store.page.getByRole('dialog').getByRole('button', { name: 'Confirm supply' }).click();
  await expect(store.page.getByRole('region', { name: 'Receipts (2)' })).toBeVisible();
  await expect(store.page.getByRole('button', { name: 'Confirm supply' })).toBeHidden();
  const headers = await headersOf(request, STORE);
  const order = (await (await request.get(`/v2${orderUrl}`, { headers })).json()) as {
    data: { status: string; ordered: number; received: number };
  };
  expect(order.data.status).toBe('closed');
  expect(order.data.received).toBe(order.data.ordered);

  // The stock rose by what arrived, in the items that were low; the pricebook item is a new one.
  const after = await ikejaStock(request);
  for (const item of low) {
    const now = after.items.find((candidate) => candidate._id === item._id)!;
    expect(now.quantity).toBeGreaterThan(item.quantity);
  }
  expect(after.items.filter((item) => item.name === low[0]!.name)).toHaveLength(1);
  expect(after.items.find((item) => item.name === 'Diesel generator oil filter')?.quantity).toBe(6);

  // The printed order: both parties, its lines and its approval, and nothing of the app around it.
  await store.page.goto(`${orderUrl}/print`);
  const sheet = store.page.getByLabel(`Purchase order ${code}`, { exact: true });
  await expect(sheet).toContainText('Delta Spares & Supplies');
  await expect(sheet).toContainText('Prime Maintenance Services');
  await expect(sheet).toContainText('Operations Manager');
  await expect(sheet).toContainText('Musa Maintenance');
  await store.page.emulateMedia({ media: 'print' });
  await expect(store.page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(store.page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();

  await Promise.all([store.context.close(), mro.context.close(), supplier.context.close()]);
});
