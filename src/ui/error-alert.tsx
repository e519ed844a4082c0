import { Alert } from '@chakra-ui/react';

/**
 * An error the resident must notice, announced at once (`role="alert"`): a title alone, or a
 * title with the message under it.
 */
export function ErrorAlert({ title, message }: { title: string; message?: string }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      {message ? (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title>{title}</Alert.Title>
      )}
    </Alert.Root>
  );
}
