import { createSystem, defaultConfig } from '@chakra-ui/react';

/** The Chakra UI design system the whole app renders with. */
export const system = createSystem(defaultConfig);
