// The live demos run the real recoil package in the page: prerendered, interactive after
// hydration, and behaving like the code the tutorial pages build.
import {test, expect} from '@playwright/test';
import {hydrated} from './helpers.mjs';

test('the character counter is prerendered and counts characters after hydration', async ({page, browser}) => {
  const off = await browser.newContext({javaScriptEnabled: false});
  const still = await off.newPage();
  await still.goto('/docs/introduction/getting-started');
  await expect(still.locator('.demo [data-testid="count"]')).toHaveText('字符数：0');
  await off.close();

  await page.goto('/docs/introduction/getting-started');
  await hydrated(page);
  const demo = page.locator('.demo');
  const field = demo.getByRole('textbox', {name: '输入文字'});
  await field.fill('Recoil');
  await expect(demo.getByTestId('echo')).toHaveText('你输入了：Recoil');
  await expect(demo.getByTestId('count')).toHaveText('字符数：6');
  await field.fill('原子😀');
  await expect(demo.getByTestId('count')).toHaveText('字符数：3');
  await field.fill('');
  await expect(demo.getByTestId('count')).toHaveText('字符数：0');
});

test('the todo list of the atoms stage: add, edit, toggle, delete', async ({page}) => {
  await page.goto('/docs/basic-tutorial/atoms');
  await hydrated(page);
  const demo = page.locator('.demo');
  await expect(demo.locator('.demo__stats')).toHaveCount(0);
  const draft = demo.getByRole('textbox', {name: '新事项'});
  await draft.fill('买牛奶');
  await demo.getByRole('button', {name: '添加'}).click();
  await draft.fill('写文档');
  await draft.press('Enter');
  await draft.fill('   ');
  await demo.getByRole('button', {name: '添加'}).click();
  const items = demo.locator('.demo__item');
  await expect(items).toHaveCount(2);
  await expect(draft).toHaveValue('   ');
  await items.nth(0).getByRole('textbox').fill('买燕麦奶');
  await expect(items.nth(0).getByRole('textbox')).toHaveValue('买燕麦奶');
  const done = items.nth(1).getByRole('checkbox');
  await done.check();
  await expect(done).toBeChecked();
  await items.nth(0).getByRole('button', {name: /删除/}).click();
  await expect(items).toHaveCount(1);
  await expect(items.nth(0).getByRole('textbox')).toHaveValue('写文档');
});

test('the todo list of the selectors stage: filter and statistics', async ({page}) => {
  await page.goto('/docs/basic-tutorial/selectors');
  await hydrated(page);
  const demo = page.locator('.demo');
  const stats = demo.locator('.demo__stats');
  await expect(stats).toContainText('总数：0');
  await expect(stats).toContainText('完成率：0%');
  const draft = demo.getByRole('textbox', {name: '新事项'});
  for (const text of ['一', '二', '三']) {
    await draft.fill(text);
    await draft.press('Enter');
  }
  const items = demo.locator('.demo__item');
  await items.nth(0).getByRole('checkbox').check();
  await expect(stats).toContainText('总数：3');
  await expect(stats).toContainText('已完成：1');
  await expect(stats).toContainText('未完成：2');
  await expect(stats).toContainText('完成率：33%');
  const filter = demo.getByRole('combobox');
  await filter.selectOption({label: '已完成'});
  await expect(items).toHaveCount(1);
  await expect(items.nth(0).getByRole('textbox')).toHaveValue('一');
  await filter.selectOption({label: '未完成'});
  await expect(items).toHaveCount(2);
  await filter.selectOption({label: '全部'});
  await expect(items).toHaveCount(3);
  // The statistics count the whole list, whatever the filter shows.
  await filter.selectOption({label: '已完成'});
  await expect(stats).toContainText('总数：3');
  await items.nth(0).getByRole('button', {name: /删除/}).click();
  await expect(items).toHaveCount(0);
  await expect(stats).toContainText('完成率：0%');
});

test('each demo keeps its own state (its own RecoilRoot)', async ({page}) => {
  await page.goto('/docs/basic-tutorial/atoms');
  await hydrated(page);
  await page.locator('.demo').getByRole('textbox', {name: '新事项'}).fill('只在这一页');
  await page.locator('.demo').getByRole('button', {name: '添加'}).click();
  await page.locator('.paginator__link--next').click();
  await expect(page.locator('main h1')).toHaveText('选择器');
  await expect(page.locator('.demo .demo__stats')).toContainText('总数：0');
});
