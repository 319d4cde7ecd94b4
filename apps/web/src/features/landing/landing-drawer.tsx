// Mantine's drawer on its own, so the landing page can load it when the phone menu first opens.
export { Drawer as default } from '@mantine/core';
