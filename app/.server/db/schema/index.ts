export * from "./people";
export * from "./catalogue";
export * from "./health";
export * from "./session";
export * from "./insurance";
export * from "./storage";
export * from "./payments";
export * from "./messaging";
