import type {ComponentType} from 'react';
import {pageCode} from '../app/pageCode';
import type {Component} from '../schema';

/** An embedded component from the registry (loaded before the page rendered). */
export function Embedded({component}: {component: Component & {t?: string}}) {
  const {name, t: _t, ...props} = component as Component & {t?: string};
  const C = pageCode.components.get(name) as ComponentType<Record<string, unknown>> | undefined;
  if (!C) throw new Error(`component <${name} /> was not loaded before rendering`);
  return <C {...props} />;
}
