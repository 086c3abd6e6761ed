import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Debian's Chromium, never a downloaded browser; the flags keep it from calling the internet.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Two workers on two cores, each page rendered on the server: long flows need more than 30 s there.
  timeout: 60_000,
  // Debian's Chromium on a shared two-core host can take several seconds for a page under load.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    // global-setup.ts starts the shop and sets E2E_BASE_URL before any worker starts.
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
