// The icon inside a drop area, by what is over it: an upload arrow while the files fit, a cross
// when they are refused, and the area's own icon while nothing is dragged over it.
import { Dropzone } from '@mantine/dropzone';
import { IconUpload, IconX, type Icon } from '@tabler/icons-react';

export function DropzoneIcon({ idle: Idle, size }: { idle: Icon; size: number }) {
  return (
    <>
      <Dropzone.Accept>
        <IconUpload size={size} color="var(--mantine-color-indigo-6)" />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={size} color="var(--mantine-color-red-6)" />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <Idle size={size} color="var(--mantine-color-teal-6)" />
      </Dropzone.Idle>
    </>
  );
}
