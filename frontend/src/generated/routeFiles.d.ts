// Generated from crates/schema/src/route_files.rs. Do not edit.
export function stem(route: string): string;
export function htmlFile(route: string): string;
export function dataFile(route: string): string;
export function markdownFile(route: string): string;
export function routeOfHtmlFile(file: string): string | null;
