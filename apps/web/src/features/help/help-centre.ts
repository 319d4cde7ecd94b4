// The help centre's frame and its home page, loaded together as one chunk (app/router.tsx).
export { default as HelpHomePage } from './help-home-page';
export { default as HelpLayout } from './help-layout';
