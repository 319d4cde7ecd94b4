// Mantine's toasts container on its own, so app.tsx can load it with the first toast.
export { Notifications } from '@mantine/notifications';
